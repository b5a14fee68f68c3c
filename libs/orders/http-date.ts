/** RFC 7231 IMF-fixdate in GMT, e.g. `Tue, 25 Mar 2025 17:32:39 GMT` (the order record's timestamps). */
export function formatHttpDate(date: Date): string {
  // toUTCString is specified (ECMA-262) to produce exactly the IMF-fixdate form.
  return date.toUTCString();
}

const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

export function isHttpDate(value: string): boolean {
  return IMF_FIXDATE.test(value);
}
