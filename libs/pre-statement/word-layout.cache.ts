/**
 * Shaped words (fontkit's glyph runs) of one font style, kept across documents. Bounded by the
 * characters of its words rather than their number: a run weighs about 200 bytes a glyph, and pdfkit's
 * line wrapper measures a word wider than its column in many slices, each a word of its own. Counting
 * words, an order whose names were long unbroken strings left 5.3 MB in the cache, and some 66 of them
 * ran the order worker out of heap before the count was reached.
 */
export class WordLayoutCache<Run> {
  private readonly runs = new Map<string, Run>();
  private characters = 0;

  constructor(private readonly maxCharacters: number) {}

  /** The run of `word`, laid out by `layout` the first time. */
  lookup(word: string, layout: (word: string) => Run): Run {
    const known = this.runs.get(word);
    if (known !== undefined) return known;
    const run = layout(word);
    // Names and addresses vary without end: past its bound the cache is dropped whole and fills again
    // with the words every document uses (some 14,000 characters).
    if (this.characters + word.length > this.maxCharacters) this.clear();
    this.runs.set(word, run);
    this.characters += word.length;
    return run;
  }

  /** Characters of the words kept, at most `maxCharacters` (or one word's, were it longer). */
  get size(): number {
    return this.characters;
  }

  private clear(): void {
    this.runs.clear();
    this.characters = 0;
  }
}
