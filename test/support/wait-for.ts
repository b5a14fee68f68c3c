/** Polls `probe` until it returns a truthy value; the value is returned. No fixed sleeps in tests. */
export async function waitFor<T>(
  probe: () => Promise<T> | T,
  {
    timeoutMs = 30_000,
    intervalMs = 100,
    what = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await probe();
    if (last) return last as NonNullable<T>;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what} (last value: ${JSON.stringify(last)})`,
  );
}
