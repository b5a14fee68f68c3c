import { type NewStoredDocument } from './stored-document.repository';

/** Where the rows go: one statement for all of them, a row already there left as it is. */
export interface DocumentRowsSink {
  insertAllIfAbsent(rows: readonly NewStoredDocument[]): Promise<void>;
}

interface Waiting {
  row: NewStoredDocument;
  settle: (error?: unknown) => void;
}

/**
 * Group commit for the rows of documents downloaded side by side: a row is written at once when no
 * insert is in flight, and the rows that arrive meanwhile go together in the next one. Each `insert`
 * resolves once its own row is written, so a document still counts as stored (a retry skips it) as soon
 * as it would have alone, for a fraction of the round trips: every statement costs the worker and the
 * database a round trip whatever its size.
 */
export class CoalescingDocumentInserter {
  private waiting: Waiting[] = [];
  private flushing = false;

  constructor(private readonly sink: DocumentRowsSink) {}

  insert(row: NewStoredDocument): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.sink.insertAllIfAbsent(batch.map((item) => item.row));
        batch.forEach((item) => item.settle());
      } catch (error) {
        // Each caller learns its own row failed; rows arriving later get their own statement.
        batch.forEach((item) => item.settle(error ?? new Error('document insert failed')));
      }
    }
    this.flushing = false;
  }
}
