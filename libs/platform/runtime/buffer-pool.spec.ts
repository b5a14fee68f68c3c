import { WORKER_BUFFER_POOL_BYTES, useSmallBufferPool } from './buffer-pool';

describe('useSmallBufferPool', () => {
  const runtimeDefault = Buffer.poolSize;
  afterEach(() => {
    Buffer.poolSize = runtimeDefault;
  });

  it('cuts small buffers from 8 KiB slabs, as Node 20 did, where the runtime uses larger ones', () => {
    Buffer.poolSize = 64 * 1024; // Node 24's default
    useSmallBufferPool();
    expect(Buffer.poolSize).toBe(WORKER_BUFFER_POOL_BYTES);
    // More than a 64 KiB slab holds, so the last of them come from the slabs cut after the call.
    const slices = Array.from({ length: 32 }, () => Buffer.allocUnsafe(3 * 1024));
    const slab = Buffer.allocUnsafe(16).buffer;
    expect(slab.byteLength).toBe(8 * 1024);
    expect(slices.at(-1)!.buffer.byteLength).toBe(8 * 1024);
  });
});
