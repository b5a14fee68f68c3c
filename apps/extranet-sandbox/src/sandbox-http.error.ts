/** An answer other than success, rendered as `{"error": code, "message": message}` with the status. */
export class SandboxHttpError extends Error {
  override readonly name = 'SandboxHttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Sent as response headers, e.g. `Allow` with a 405. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
