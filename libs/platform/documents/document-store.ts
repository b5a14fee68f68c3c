/** Where document bytes live (downloaded annexes, uploads, generated pre-statements). */
export interface DocumentStore {
  /**
   * Stores `content` under `key`; writing the same key again replaces it atomically. Durable once it
   * resolves: callers commit the document's row after it.
   */
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  /**
   * Removes the document under `key` (nothing when there is none), and the directories that leaves
   * empty: for the files of a request that did not commit, which no row holds.
   */
  delete(key: string): Promise<void>;
}
