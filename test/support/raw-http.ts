import net from 'node:net';

export interface RawAnswer {
  /** Status of the first answer (a `100 Continue` included). */
  status: number;
  headers: Record<string, string>;
  /** What followed the head: the body as announced by Content-Length, or everything up to the close. */
  body: string;
  /** Milliseconds from the connection to the answer's end. */
  elapsedMs: number;
}

/**
 * One HTTP/1.1 exchange written by hand on a fresh connection, for what fetch cannot do: announce a
 * body and send only its beginning, send a HEAD and see whether bytes follow the head, send headers
 * in several packets. Resolves with the first answer once complete: its Content-Length received (or,
 * with `untilClose`, the connection closed), without waiting for the body it was sent to finish.
 */
export async function rawExchange(
  baseUrl: string,
  parts: (string | Buffer)[],
  options: { untilClose?: boolean; timeoutMs?: number; pauseMs?: number } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const started = Date.now();
  const socket = net.connect(Number(port), hostname);
  // Writes may fail once the server has answered and closed: the answer is what is looked at.
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no complete answer after ${options.timeoutMs ?? 10_000} ms: ${received.toString('latin1').slice(0, 300)}`,
        ),
      );
    }, options.timeoutMs ?? 10_000);
    const parse = (closed: boolean): RawAnswer | null => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return null;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      const status = Number(statusLine!.split(' ')[1]);
      const rest = received.subarray(end + 4);
      const length = status === 100 ? 0 : Number(headers['content-length'] ?? 0);
      if (options.untilClose ? !closed : rest.length < length) return null;
      const body = (options.untilClose ? rest : rest.subarray(0, length)).toString('utf8');
      return { status, headers, body, elapsedMs: Date.now() - started };
    };
    const settle = (closed: boolean) => {
      const parsed = parse(closed);
      if (!parsed && !closed) return;
      clearTimeout(timer);
      socket.destroy();
      if (parsed) resolve(parsed);
      else
        reject(
          new Error(`connection closed without an answer: ${received.toString('latin1').slice(0, 300)}`),
        );
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      settle(false);
    });
    socket.on('close', () => settle(true));
  });
  for (const [index, part] of parts.entries()) {
    if (index > 0 && options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    if (socket.destroyed) break;
    socket.write(part);
  }
  return answer;
}

/** A request head, with a `Host` header. */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ Host: 'localhost', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
