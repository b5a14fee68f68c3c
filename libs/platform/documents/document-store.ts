/** Where document bytes live (downloaded annexes, uploads, generated pre-statements). */
export interface DocumentStore {
  /**
   * Stores `content` under `key`; writing the same key again replaces it atomically. Durable once it
   * resolves: callers commit the document's row after it.
   */
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
}
