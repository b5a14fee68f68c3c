/** A document id a statement's value cites as the one it was read from, and where (its path). */
export interface CitedSource {
  field: string;
  source: number;
}

/**
 * Every source a statement cites: each value carrying a status (`{status, value, source}`) at any depth,
 * list lines included, with its path as the validator names fields (`lots.value[0].generalShares.source`).
 */
export function citedSources(statement: unknown): CitedSource[] {
  const cited: CitedSource[] = [];
  const visit = (node: unknown, path: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${path}[${index}]`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if ('status' in record && typeof record.source === 'number') {
      cited.push({ field: join(path, 'source'), source: record.source });
    }
    for (const [key, value] of Object.entries(record)) visit(value, join(path, key));
  };
  visit(statement, '');
  return cited;
}

/**
 * The statement with each cited source that `copies` knows replaced by its copy (the same document
 * under the id of another collection round), the rest as it was.
 */
export function withSourcesCopied<S>(statement: S, copies: ReadonlyMap<number, number>): S {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (node === null || typeof node !== 'object') return node;
    const record = Object.fromEntries(
      Object.entries(node as Record<string, unknown>).map(([key, value]) => [key, copy(value)]),
    );
    if ('status' in record && typeof record.source === 'number') {
      record.source = copies.get(record.source) ?? record.source;
    }
    return record;
  };
  return copy(statement) as S;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
