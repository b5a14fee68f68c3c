import { type NewStoredDocument } from './stored-document.repository';

/** Where the rows go: one statement for all of them, a row already there left as it is. */
export interface DocumentRowsSink {
  insertAllIfAbsent(rows: readonly NewStoredDocument[]): Promise<void>;
}

/**
 * Group commit for the rows of one download activity's documents: the rows gather for up to
 * `windowMs` after the first one, then go in one statement; `close` writes what is left. An order's
 * documents usually all arrive within the window, so its listing costs one statement rather than one
 * per document: every statement costs the worker and the database a round trip whatever its size.
 *
 * A row counts as stored (a retry skips its document) once written, so the window bounds what a retry
 * downloads again after the worker died; after a failed download, `close` still writes the rows of the
 * documents downloaded before it.
 */
export class CoalescingDocumentInserter {
  private waiting: NewStoredDocument[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The statement in flight: statements never overlap, so rows are written in the order they came. */
  private writing: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly sink: DocumentRowsSink,
    private readonly windowMs: number,
  ) {}

  /** Queues the row; throws the failure of an earlier statement, so the activity stops early. */
  add(row: NewStoredDocument): void {
    this.throwIfFailed();
    this.waiting.push(row);
    this.timer ??= setTimeout(() => void this.flush(), this.windowMs);
  }

  /** Writes the rows still waiting; throws if any statement failed. */
  async close(): Promise<void> {
    // The statement returned follows every earlier one.
    await this.flush();
    this.throwIfFailed();
  }

  /** Never rejects: a failed statement is kept for `add` and `close` to throw. */
  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length > 0) {
      this.writing = this.writing.then(() =>
        this.sink.insertAllIfAbsent(batch).catch((error: unknown) => {
          this.failure ??= { error: error ?? new Error('document insert failed') };
        }),
      );
    }
    return this.writing;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
