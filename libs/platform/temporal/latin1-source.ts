/** Characters V8 cannot hold in a one-byte string. U+2028 and U+2029 are left alone (see below). */
const BEYOND_LATIN1 = /(\\*)([\u0100-\u2027\u202A-\uFFFF])/g;

/**
 * JavaScript source with every character past Latin-1 written as its `\uXXXX` escape, so that V8 holds
 * it as a one-byte string: a single `’` in a French text otherwise makes the whole source two bytes a
 * character, and a worker keeps its workflow bundle's source in each thread for as long as it runs.
 *
 * Such characters occur in comments, string, template and regular expression literals, where the
 * escape means the same character (a template's raw text aside, which workflow code never reads). A
 * backslash already escaping the character is dropped, as `\’` and `\u2019` are the same character.
 * The two line separators stay as they are: in a `//` comment they end the comment, and escaped they
 * would not. The source's length in lines never changes, so its source map still applies.
 */
export function escapeBeyondLatin1(source: string): string {
  return source.replace(BEYOND_LATIN1, (_, backslashes: string, character: string) => {
    const kept = backslashes.length % 2 === 1 ? backslashes.slice(1) : backslashes;
    return `${kept}\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
