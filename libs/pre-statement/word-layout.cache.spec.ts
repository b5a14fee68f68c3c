import { WordLayoutCache } from './word-layout.cache';

describe('WordLayoutCache', () => {
  function counting() {
    const laidOut: string[] = [];
    return { laidOut, layout: (word: string) => (laidOut.push(word), { word }) };
  }

  it('lays a word out once for every document that uses it', () => {
    const cache = new WordLayoutCache<{ word: string }>(100, 10);
    const { laidOut, layout } = counting();
    const first = cache.lookup('lot ', Object.create(null), layout);
    expect(cache.lookup('lot ', Object.create(null), layout)).toBe(first);
    expect(laidOut).toEqual(['lot ']);
    expect(cache.size).toBe(4);
  });

  it('keeps a word longer than the shared ones with its document only', () => {
    const cache = new WordLayoutCache<{ word: string }>(100, 10);
    const { laidOut, layout } = counting();
    const documentRuns: Record<string, { word: string }> = Object.create(null);
    const long = 'x'.repeat(11);
    cache.lookup(long, documentRuns, layout);
    cache.lookup(long, documentRuns, layout);
    expect(laidOut).toEqual([long]);
    expect(documentRuns[long]).toEqual({ word: long });
    expect(cache.size).toBe(0);
    cache.lookup(long, Object.create(null), layout);
    expect(laidOut).toEqual([long, long]);
  });

  it('never holds more characters than its bound: past it, starts again with the word at hand', () => {
    const cache = new WordLayoutCache<{ word: string }>(20, 10);
    const { laidOut, layout } = counting();
    for (let index = 0; index < 100; index++) {
      cache.lookup(`mot${index} `, Object.create(null), layout);
      expect(cache.size).toBeLessThanOrEqual(20);
    }
    laidOut.length = 0;
    cache.lookup('mot99 ', Object.create(null), layout);
    cache.lookup('mot0 ', Object.create(null), layout);
    expect(laidOut).toEqual(['mot0 ']);
  });
});
