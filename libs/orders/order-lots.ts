/** The lot numbers of an order's `lots` text (comma-, semicolon- or space-separated); null for none. */
export function parseLots(lots: string | null): string[] | null {
  const parsed = (lots ?? '')
    .split(/[,;\s]+/)
    .map((lot) => lot.trim())
    .filter((lot) => lot !== '');
  return parsed.length > 0 ? parsed : null;
}
