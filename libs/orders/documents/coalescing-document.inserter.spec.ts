import { CoalescingDocumentInserter, type DocumentRowsSink } from './coalescing-document.inserter';
import { type NewStoredDocument } from './stored-document.repository';

const row = (sourceRef: string) => ({ sourceRef }) as NewStoredDocument;
const WINDOW_MS = 2_000;

/** A sink whose statements finish only when the test says so. */
class ControlledSink implements DocumentRowsSink {
  readonly statements: string[][] = [];
  private readonly pending: { resolve: () => void; reject: (error: Error) => void }[] = [];

  insertAllIfAbsent(rows: readonly NewStoredDocument[]): Promise<void> {
    this.statements.push(rows.map((r) => r.sourceRef));
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  }

  get inFlight(): number {
    return this.pending.length;
  }

  async finishNext(error?: Error): Promise<void> {
    const next = this.pending.shift()!;
    if (error) next.reject(error);
    else next.resolve();
    await settle();
  }
}

/** Lets the inserter's promise callbacks run. */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('CoalescingDocumentInserter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes the rows of a window together, once the window after the first one ends', async () => {
    const sink = new ControlledSink();
    const inserter = new CoalescingDocumentInserter(sink, WINDOW_MS);
    inserter.add(row('a'));
    await jest.advanceTimersByTimeAsync(WINDOW_MS - 1);
    inserter.add(row('b'));
    inserter.add(row('c'));
    expect(sink.statements).toEqual([]);

    await jest.advanceTimersByTimeAsync(1);
    expect(sink.statements).toEqual([['a', 'b', 'c']]);
    await sink.finishNext();

    // The next row opens a window of its own.
    inserter.add(row('d'));
    await jest.advanceTimersByTimeAsync(WINDOW_MS - 1);
    expect(sink.statements).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(sink.statements).toEqual([['a', 'b', 'c'], ['d']]);
    await sink.finishNext();
    await expect(inserter.close()).resolves.toBeUndefined();
  });

  it('writes what is left on close, without waiting for the window, and only once its statement is done', async () => {
    const sink = new ControlledSink();
    const inserter = new CoalescingDocumentInserter(sink, WINDOW_MS);
    inserter.add(row('a'));
    inserter.add(row('b'));
    let closed = false;
    const closing = inserter.close().then(() => (closed = true));
    await settle();
    expect(sink.statements).toEqual([['a', 'b']]);
    expect(closed).toBe(false);

    await sink.finishNext();
    await closing;
    expect(closed).toBe(true);
    // The window's timer went with the rows: nothing is written again.
    await jest.advanceTimersByTimeAsync(WINDOW_MS);
    expect(sink.statements).toEqual([['a', 'b']]);
  });

  it('never runs two statements at once: a window ending during a statement waits for it', async () => {
    const sink = new ControlledSink();
    const inserter = new CoalescingDocumentInserter(sink, WINDOW_MS);
    inserter.add(row('a'));
    await jest.advanceTimersByTimeAsync(WINDOW_MS);
    inserter.add(row('b'));
    await jest.advanceTimersByTimeAsync(WINDOW_MS);
    expect(sink.inFlight).toBe(1);
    expect(sink.statements).toEqual([['a']]);

    await sink.finishNext();
    expect(sink.statements).toEqual([['a'], ['b']]);
    const closing = inserter.close();
    await sink.finishNext();
    await expect(closing).resolves.toBeUndefined();
  });

  it('reports a failed statement to the next add and to close', async () => {
    const sink = new ControlledSink();
    const inserter = new CoalescingDocumentInserter(sink, WINDOW_MS);
    const failure = new Error('connection reset');
    inserter.add(row('a'));
    await jest.advanceTimersByTimeAsync(WINDOW_MS);
    await sink.finishNext(failure);

    expect(() => inserter.add(row('b'))).toThrow(failure);
    const closing = expect(inserter.close()).rejects.toBe(failure);
    await settle();
    // 'b' was refused with the failure: nothing else to write.
    expect(sink.statements).toEqual([['a']]);
    await closing;
  });

  it('close with nothing waiting writes nothing', async () => {
    const sink = new ControlledSink();
    await expect(new CoalescingDocumentInserter(sink, WINDOW_MS).close()).resolves.toBeUndefined();
    expect(sink.statements).toEqual([]);
  });
});
