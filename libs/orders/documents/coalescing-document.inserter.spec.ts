import { CoalescingDocumentInserter, type DocumentRowsSink } from './coalescing-document.inserter';
import { type NewStoredDocument } from './stored-document.repository';

const row = (sourceRef: string) => ({ sourceRef }) as NewStoredDocument;

/** A sink whose statements finish only when the test says so. */
class ControlledSink implements DocumentRowsSink {
  readonly statements: string[][] = [];
  private readonly pending: { resolve: () => void; reject: (error: Error) => void }[] = [];

  insertAllIfAbsent(rows: readonly NewStoredDocument[]): Promise<void> {
    this.statements.push(rows.map((r) => r.sourceRef));
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  }

  async finishNext(error?: Error): Promise<void> {
    const next = this.pending.shift()!;
    if (error) next.reject(error);
    else next.resolve();
    // Lets the inserter settle its callers and start the next statement.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('CoalescingDocumentInserter', () => {
  it('writes a row at once, and the rows arriving meanwhile together in the next statement', async () => {
    const sink = new ControlledSink();
    const inserter = new CoalescingDocumentInserter(sink);
    const settled: string[] = [];
    const insert = (ref: string) => inserter.insert(row(ref)).then(() => settled.push(ref));

    const first = insert('a');
    const later = [insert('b'), insert('c'), insert('d')];
    expect(sink.statements).toEqual([['a']]);

    await sink.finishNext();
    await first;
    // Each caller learns its row is written only once it is.
    expect(settled).toEqual(['a']);
    expect(sink.statements).toEqual([['a'], ['b', 'c', 'd']]);

    await sink.finishNext();
    await Promise.all(later);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
  });

  it('starts again with the next row once it is idle', async () => {
    const sink = new ControlledSink();
    const inserter = new CoalescingDocumentInserter(sink);
    const first = inserter.insert(row('a'));
    await sink.finishNext();
    await first;
    const second = inserter.insert(row('b'));
    expect(sink.statements).toEqual([['a'], ['b']]);
    await sink.finishNext();
    await expect(second).resolves.toBeUndefined();
  });

  it('fails the callers of a failed statement only; the rows after it are still written', async () => {
    const sink = new ControlledSink();
    const inserter = new CoalescingDocumentInserter(sink);
    const first = inserter.insert(row('a'));
    const second = inserter.insert(row('b'));
    const failure = new Error('connection reset');

    await sink.finishNext(failure);
    await expect(first).rejects.toBe(failure);
    expect(sink.statements).toEqual([['a'], ['b']]);
    await sink.finishNext();
    await expect(second).resolves.toBeUndefined();
  });
});
