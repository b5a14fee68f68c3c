/** Where document bytes live (downloaded annexes, uploads, generated pre-statements). */
export interface DocumentStore {
  /** Stores `content` under `key`; writing the same key again replaces it atomically. */
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
}
