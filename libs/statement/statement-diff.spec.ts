import { changedStatementFields } from './statement-diff';
import { confirmed, notCommunicated } from './statement-field';

describe('changedStatementFields', () => {
  const base = {
    statementDate: '2026-11-02',
    sellerBalance: confirmed(12_000, 3),
    lots: [{ number: '12', shares: confirmed(150) }],
    sellerOwes: { budgetProvisionsDue: confirmed(500), otherSumsDue: notCommunicated() },
  };

  it('names each changed field once, by its path, whether value, status or source changed', () => {
    const after = {
      ...base,
      statementDate: '2026-11-03',
      sellerBalance: confirmed(12_000, 4),
      lots: [
        { number: '12', shares: notCommunicated() },
        { number: '13', shares: confirmed(20) },
      ],
      sellerOwes: { budgetProvisionsDue: confirmed(600), otherSumsDue: notCommunicated() },
    };
    expect(changedStatementFields(base, after)).toEqual([
      'statementDate',
      'sellerBalance',
      'lots[0].shares',
      'lots[1]',
      'sellerOwes.budgetProvisionsDue',
    ]);
  });

  it('reports nothing for the same statement, and every field of a first filing', () => {
    expect(changedStatementFields(base, structuredClone(base))).toEqual([]);
    expect(changedStatementFields(null, base)).toEqual(['(statement)']);
  });

  it('stops at the cap', () => {
    const many = { lots: Array.from({ length: 10 }, (_, i) => ({ number: String(i) })) };
    expect(changedStatementFields({ lots: [] }, many, 3)).toHaveLength(3);
  });

  it('takes a statement read back from jsonb, whose keys come in another order, for the same', () => {
    // PostgreSQL's jsonb keeps an object's keys shortest first: {"value", "source", "status"}.
    const reordered = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reordered)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => a.length - b.length || a.localeCompare(b))
                .map(([key, inner]) => [key, reordered(inner)]),
            )
          : value;
    expect(changedStatementFields(reordered(base), base)).toEqual([]);
    expect(changedStatementFields(reordered(base), { ...base, sellerBalance: confirmed(1, 3) })).toEqual([
      'sellerBalance',
    ]);
  });
});
