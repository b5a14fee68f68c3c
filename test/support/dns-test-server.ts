import dgram from 'node:dgram';
import { isIPv6 } from 'node:net';

/** What the server does with a name: its addresses (A and AAAA), or no answer at all. */
export type DnsTestRecord = readonly string[] | 'never-answer';

const TYPE_A = 1;
const TYPE_AAAA = 28;
const NXDOMAIN = 3;

/**
 * A real DNS server on a loopback UDP port, for resolvers configured to use it: answers the names of
 * its zone, NXDOMAIN for others, and never answers those marked `never-answer` (a hung resolver).
 */
export class DnsTestServer {
  /** Every question received, `name/type`, in arrival order. */
  readonly questions: string[] = [];

  private constructor(
    private readonly socket: dgram.Socket,
    private readonly zone: Record<string, DnsTestRecord>,
  ) {}

  static async start(zone: Record<string, DnsTestRecord>): Promise<DnsTestServer> {
    const socket = dgram.createSocket('udp4');
    const server = new DnsTestServer(socket, zone);
    socket.on('message', (message, peer) => {
      const reply = server.answer(message);
      if (reply) socket.send(reply, peer.port, peer.address);
    });
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return server;
  }

  /** `127.0.0.1:<port>`, as `Resolver.setServers` takes it. */
  get address(): string {
    return `127.0.0.1:${this.socket.address().port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private answer(query: Buffer): Buffer | null {
    const labels: string[] = [];
    let offset = 12;
    while (query[offset]! > 0) {
      labels.push(query.subarray(offset + 1, offset + 1 + query[offset]!).toString('ascii'));
      offset += query[offset]! + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    this.questions.push(`${name}/${type === TYPE_A ? 'A' : type === TYPE_AAAA ? 'AAAA' : type}`);
    const record = this.zone[name];
    if (record === 'never-answer') return null;
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | (record === undefined ? NXDOMAIN : 0), 2);
    header.writeUInt16BE(1, 4);
    const answers = (record ?? [])
      .filter((address) => (type === TYPE_AAAA ? isIPv6(address) : type === TYPE_A && !isIPv6(address)))
      .map((address) => resourceRecord(type, address));
    header.writeUInt16BE(answers.length, 6);
    return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
  }
}

function resourceRecord(type: number, address: string): Buffer {
  const data = type === TYPE_A ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  fixed.writeUInt16BE(type, 2);
  fixed.writeUInt16BE(1, 4); // class IN
  fixed.writeUInt32BE(60, 6); // TTL
  fixed.writeUInt16BE(data.length, 10);
  return Buffer.concat([fixed, data]);
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const missing = 8 - groups(head).length - groups(tail).length;
  const all = [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  const bytes = Buffer.alloc(16);
  all.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}
