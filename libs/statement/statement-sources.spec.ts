import { buildAccountStatement } from '@test/support/pre-statement-input.factory';
import { citedSources, withSourcesCopied } from './statement-sources';

describe('the sources a statement cites', () => {
  it('finds each value’s source at any depth, list lines included, named by its path', () => {
    const statement = buildAccountStatement();
    const [lot] = statement.lots;
    const cited = citedSources({
      ...statement,
      coOwnership: {
        ...statement.coOwnership,
        name: { status: 'confirmed', value: 'Les Tilleuls', source: 12 },
      },
      rulesAmendments: { ...statement.rulesAmendments, source: 14 },
      lots: [{ ...lot!, shares: { status: 'confirmed', value: 245, source: 15 } }],
    });
    expect(cited).toEqual([
      { field: 'coOwnership.name.source', source: 12 },
      { field: 'rulesAmendments.source', source: 14 },
      { field: 'lots[0].shares.source', source: 15 },
    ]);
  });

  it('finds none in a statement without sources', () => {
    expect(citedSources(buildAccountStatement())).toEqual([]);
  });

  it('cites the copies it is given in place of the documents they copy, the others unchanged', () => {
    const statement = buildAccountStatement();
    const [lot] = statement.lots;
    const cited = {
      ...statement,
      coOwnership: {
        ...statement.coOwnership,
        name: { status: 'confirmed' as const, value: 'Les Tilleuls', source: 12 },
      },
      lots: [{ ...lot!, shares: { status: 'confirmed' as const, value: 245, source: 15 } }],
    };
    const copied = withSourcesCopied(cited, new Map([[12, 112]]));
    expect(citedSources(copied)).toEqual([
      { field: 'coOwnership.name.source', source: 112 },
      { field: 'lots[0].shares.source', source: 15 },
    ]);
    expect(citedSources(cited)[0]!.source).toBe(12);
  });
});
