/**
 * Whether the building the syndic's statement describes is the property the client ordered for. A seller
 * may own lots in several co-ownerships managed by one syndic, and a client may mistype an address: the
 * statement then describes another building, and a pre-statement built from it must say so rather than
 * pass for the property sold. Pure: the pre-statement's view asks it.
 *
 * Lenient by design, as a difference only asks the notary to check: abbreviations ("bd", "av", "st"),
 * accents, punctuation, articles and number ranges ("12-14") compare equal; the parts one side lacks are
 * not compared.
 */
export interface PostalAddress {
  street: string;
  zipcode: string;
  city: string;
}

export type PropertyMatch = 'same' | 'different' | 'unknown';

export function orderedPropertyMatch(ordered: PostalAddress, described: PostalAddress): PropertyMatch {
  const verdicts = [
    compareWhenBoth(digits(ordered.zipcode), digits(described.zipcode), (a, b) => a === b),
    compareWhenBoth(cityWords(ordered.city), cityWords(described.city), sameWords),
    compareWhenBoth(streetOf(ordered.street), streetOf(described.street), sameStreet),
  ].filter((verdict) => verdict !== null);
  if (verdicts.length === 0) return 'unknown';
  return verdicts.every(Boolean) ? 'same' : 'different';
}

function compareWhenBoth<T extends string | unknown[] | Street>(
  a: T | null,
  b: T | null,
  same: (a: T, b: T) => boolean,
): boolean | null {
  return a === null || b === null ? null : same(a, b);
}

function digits(zipcode: string): string | null {
  const only = zipcode.replace(/\D/g, '');
  return only === '' ? null : only;
}

// ------------------------------------------------------------------------------------------------- words

/** Written-out forms of the abbreviations French addresses use (La Poste's list, its common part). */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  all: 'allee',
  av: 'avenue',
  ave: 'avenue',
  bd: 'boulevard',
  bld: 'boulevard',
  bvd: 'boulevard',
  boul: 'boulevard',
  ch: 'chemin',
  chem: 'chemin',
  crs: 'cours',
  fbg: 'faubourg',
  fg: 'faubourg',
  imp: 'impasse',
  pass: 'passage',
  pl: 'place',
  qu: 'quai',
  r: 'rue',
  res: 'residence',
  rte: 'route',
  sq: 'square',
  st: 'saint',
  ste: 'sainte',
};

/** Words that an address may or may not carry without naming another street ("rue de la Paix"). */
const ARTICLES = new Set(['d', 'de', 'des', 'du', 'l', 'la', 'le', 'les', 'et', 'aux', 'au']);

function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => ABBREVIATIONS[word] ?? word);
}

function sameWords(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((word, index) => word === b[index]);
}

/** A city's words, without what only a postal address adds ("Paris 2e arrondissement", "CEDEX 08"). */
function cityWords(city: string): string[] | null {
  const kept = words(city).filter(
    (word) => word !== 'cedex' && word !== 'arrondissement' && !/^\d+(er|e|eme)?$/.test(word),
  );
  return kept.length === 0 ? null : kept;
}

// ------------------------------------------------------------------------------------------------ street

interface Street {
  /** House numbers the address covers ("12-14" covers 12, 13 and 14); empty when it gives none. */
  numbers: number[];
  /** The street's name, articles left out. */
  name: string[];
}

const NUMBER_SUFFIXES = new Set(['bis', 'ter', 'quater', 'a', 'b', 'c', 'd']);
/** Beyond this span, "12-80" is not read as a range of house numbers but as two numbers. */
const LARGEST_RANGE = 40;

function streetOf(street: string): Street | null {
  const all = words(street);
  const leading: number[] = [];
  let index = 0;
  for (; index < all.length; index++) {
    const word = all[index]!;
    if (/^\d+$/.test(word)) leading.push(Number(word));
    else if (!(leading.length > 0 && (NUMBER_SUFFIXES.has(word) || word === 'et'))) break;
  }
  const name = all.slice(index).filter((word) => !ARTICLES.has(word));
  if (name.length === 0) return null;
  return { numbers: covered(leading), name };
}

function covered(leading: number[]): number[] {
  if (leading.length !== 2) return leading;
  const [first, last] = leading as [number, number];
  if (last <= first || last - first > LARGEST_RANGE) return leading;
  return Array.from({ length: last - first + 1 }, (_, offset) => first + offset);
}

/**
 * The same street when one name holds the other (an address may add the building: "rue de la Paix
 * bâtiment B"), and the same building when the numbers meet or one side gives none.
 */
function sameStreet(ordered: Street, described: Street): boolean {
  const [shorter, longer] =
    ordered.name.length <= described.name.length
      ? [ordered.name, described.name]
      : [described.name, ordered.name];
  const named = longer.some((_, start) => sameWords(longer.slice(start, start + shorter.length), shorter));
  if (!named) return false;
  if (ordered.numbers.length === 0 || described.numbers.length === 0) return true;
  return ordered.numbers.some((number) => described.numbers.includes(number));
}
