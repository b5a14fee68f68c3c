/**
 * The paths of the values that differ between two statements in the model's JSON shape (`lots[0].shares`,
 * `sellerOwes.budgetProvisionsDue`), for the audit of what an operator changed: a field counts once,
 * whether its status, value or source changed. Capped, so a whole statement filed at once stays a
 * readable audit entry.
 */
export function changedStatementFields(before: unknown, after: unknown, max = 200): string[] {
  const changed: string[] = [];
  walk(before, after, '', changed, max);
  return changed;
}

const FIELD_KEYS = ['status', 'value', 'source'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `StatementField`: compared as a whole, reported under its own path. */
function isField(value: unknown): boolean {
  return isRecord(value) && 'status' in value && Object.keys(value).every((key) => FIELD_KEYS.includes(key));
}

function walk(a: unknown, b: unknown, path: string, out: string[], max: number): void {
  if (out.length >= max) return;
  if (isField(a) || isField(b) || !(isRecord(a) || Array.isArray(a)) || !(isRecord(b) || Array.isArray(b))) {
    if (!sameJson(a, b)) out.push(path === '' ? '(statement)' : path);
    return;
  }
  if (Array.isArray(a) !== Array.isArray(b)) {
    out.push(path);
    return;
  }
  const keys = Array.isArray(a)
    ? Array.from({ length: Math.max(a.length, (b as unknown[]).length) }, (_, index) => index)
    : [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])];
  for (const key of keys) {
    const child = typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], child, out, max);
  }
}

/** Equal as JSON values, whatever the order of their keys (jsonb gives them back in its own). */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
    );
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    return (
      keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length &&
      keys.every((key) => sameJson(a[key], b[key]))
    );
  }
  return a === b;
}
