/** Node 20's size of the slabs small Buffers are cut from; Node 24 cuts them from 64 KiB slabs. */
export const WORKER_BUFFER_POOL_BYTES = 8 * 1024;

/**
 * Small Buffers (`Buffer.from(string)`, `Buffer.allocUnsafe` under half the pool size, protobufjs'
 * encodings) are slices of a shared slab, and one slice still referenced keeps its whole slab alive.
 * The Temporal SDK keeps such slices for as long as a workflow stays cached (its last activation
 * completion, payload metadata decoded from an activation): on Node 24 each pins 64 KiB. With Node 20's
 * 8 KiB slabs the order worker's ArrayBuffers at its peak fell from 18 MiB to 10-14 (npm run bench:node24).
 * Applies to the slabs created after the call, that is to all but the first.
 */
export function useSmallBufferPool(bytes: number = WORKER_BUFFER_POOL_BYTES): void {
  Buffer.poolSize = bytes;
}
