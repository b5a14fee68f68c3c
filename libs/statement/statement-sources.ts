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

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
