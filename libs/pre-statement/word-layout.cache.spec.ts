import { WordLayoutCache } from './word-layout.cache';

describe('WordLayoutCache', () => {
  function counting() {
    const laidOut: string[] = [];
    return { laidOut, layout: (word: string) => (laidOut.push(word), { word }) };
  }

  it('lays a word out once for every document that uses it', () => {
    const cache = new WordLayoutCache<{ word: string }>(100);
    const { laidOut, layout } = counting();
    const first = cache.lookup('lot ', layout);
    expect(cache.lookup('lot ', layout)).toBe(first);
    expect(laidOut).toEqual(['lot ']);
    expect(cache.size).toBe(4);
  });

  it('never holds more characters than its bound: past it, starts again with the word at hand', () => {
    const cache = new WordLayoutCache<{ word: string }>(20);
    const { laidOut, layout } = counting();
    for (let index = 0; index < 100; index++) {
      cache.lookup(`mot${index} `, layout);
      expect(cache.size).toBeLessThanOrEqual(20);
    }
    laidOut.length = 0;
    cache.lookup('mot99 ', layout);
    cache.lookup('mot0 ', layout);
    expect(laidOut).toEqual(['mot0 ']);
  });

  it('counts a word wider than a column by the characters of each of its slices', () => {
    const cache = new WordLayoutCache<{ word: string }>(1000);
    const { layout } = counting();
    const word = 'x'.repeat(300);
    const sizes: number[] = [];
    for (let length = 300; length > 0; length -= 50) {
      cache.lookup(word.slice(0, length), layout);
      sizes.push(cache.size);
    }
    // The sixth slice would pass the bound: the cache starts again with it.
    expect(sizes).toEqual([300, 550, 750, 900, 1000, 50]);
  });
});
