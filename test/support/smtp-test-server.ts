import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  /** Decoded `Subject` header. */
  subject: string;
  /** Decoded text/plain and text/html parts ('' when absent). */
  text: string;
  html: string;
  /** The raw message as received. */
  raw: string;
}

/** A real SMTP server on loopback (the `smtp-server` package) keeping every message it accepts. */
export class SmtpTestServer {
  readonly messages: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({ ...parseMail(raw), to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}

/** Just enough MIME for the service's messages: headers, multipart/alternative, QP and base64. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const { headers, body } = splitPart(raw);
  const parts = leafParts(headers, body);
  const find = (type: string) => parts.find((p) => p.type === type)?.content ?? '';
  return { subject: decodeWords(headers.subject ?? ''), text: find('text/plain'), html: find('text/html') };
}

function splitPart(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function leafParts(headers: Record<string, string>, body: string): { type: string; content: string }[] {
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const part = splitPart(chunk.replace(/^\r?\n/, ''));
        return leafParts(part.headers, part.body);
      });
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  return [{ type, content: decodeBody(body, encoding) }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\r?\n/g, ''));
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
