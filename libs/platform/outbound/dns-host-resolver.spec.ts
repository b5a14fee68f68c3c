import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DnsTestServer } from '../../../test/support/dns-test-server';
import { DnsHostResolver } from './dns-host-resolver';

describe('DnsHostResolver', () => {
  let dns: DnsTestServer;
  let dir: string;
  const files = () => ({ hostsFile: path.join(dir, 'hosts'), resolvConf: path.join(dir, 'resolv.conf') });
  const resolverWith = (timeoutMs = 1000) =>
    new DnsHostResolver({ timeoutMs, servers: [dns.address], ...files() });

  beforeAll(async () => {
    dns = await DnsTestServer.start({
      'hooks.client.example': ['203.0.113.10', '2001:db8::10'],
      'v4only.client.example': ['203.0.113.11'],
      'sandbox.svc.test': ['10.1.2.3'],
      'receiver.hooks.svc.cluster.local': ['10.4.5.6'],
      'hangs.client.example': 'never-answer',
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dns-host-resolver-'));
    fs.writeFileSync(
      path.join(dir, 'hosts'),
      '127.0.0.1 localhost\n::1 localhost ip6-localhost\n10.9.9.9 extranet-sandbox # compose\n',
    );
    fs.writeFileSync(path.join(dir, 'resolv.conf'), `nameserver 192.0.2.1\nsearch svc.test\n`);
  });
  afterAll(async () => {
    await dns.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('asks the name servers for both families, IPv4 first, or for the family asked', async () => {
    const resolver = resolverWith();
    await expect(resolver.resolve('Hooks.Client.Example.', 0)).resolves.toEqual([
      { address: '203.0.113.10', family: 4 },
      { address: '2001:db8::10', family: 6 },
    ]);
    await expect(resolver.resolve('hooks.client.example', 6)).resolves.toEqual([
      { address: '2001:db8::10', family: 6 },
    ]);
    await expect(resolver.resolve('v4only.client.example', 0)).resolves.toEqual([
      { address: '203.0.113.11', family: 4 },
    ]);
  });

  it('answers hosts-file names and localhost without asking a name server', async () => {
    const resolver = resolverWith();
    const before = dns.questions.length;
    await expect(resolver.resolve('localhost', 0)).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    await expect(resolver.resolve('extranet-sandbox', 4)).resolves.toEqual([
      { address: '10.9.9.9', family: 4 },
    ]);
    await expect(resolver.resolve('app.localhost', 4)).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    expect(dns.questions.slice(before)).toEqual([]);
  });

  it('tries the search domains as getaddrinfo does: after a dotted name, before a single label', async () => {
    const resolver = resolverWith();
    const asked = () => dns.questions.slice(before).filter((question) => question.endsWith('/A'));
    let before = dns.questions.length;
    await expect(resolver.resolve('sandbox', 4)).resolves.toEqual([{ address: '10.1.2.3', family: 4 }]);
    expect(asked()).toEqual(['sandbox.svc.test/A']);

    before = dns.questions.length;
    await expect(resolver.resolve('client.example', 4)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(asked()).toEqual(['client.example/A', 'client.example.svc.test/A']);

    // A final dot: the name as given, and nothing else.
    before = dns.questions.length;
    await expect(resolver.resolve('client.example.', 4)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(asked()).toEqual(['client.example/A']);
  });

  it('follows resolv.conf’s ndots, as a Kubernetes pod’s (ndots:5) needs for a service of another namespace', async () => {
    const pod = fs.mkdtempSync(path.join(os.tmpdir(), 'dns-host-resolver-pod-'));
    try {
      fs.writeFileSync(path.join(pod, 'hosts'), '');
      fs.writeFileSync(
        path.join(pod, 'resolv.conf'),
        'nameserver 192.0.2.1\nsearch app.svc.cluster.local svc.cluster.local cluster.local\noptions ndots:5\n',
      );
      const resolver = new DnsHostResolver({
        timeoutMs: 1000,
        servers: [dns.address],
        hostsFile: path.join(pod, 'hosts'),
        resolvConf: path.join(pod, 'resolv.conf'),
      });
      const before = dns.questions.length;
      await expect(resolver.resolve('receiver.hooks', 4)).resolves.toEqual([
        { address: '10.4.5.6', family: 4 },
      ]);
      expect(dns.questions.slice(before).filter((question) => question.endsWith('/A'))).toEqual([
        'receiver.hooks.app.svc.cluster.local/A',
        'receiver.hooks.svc.cluster.local/A',
      ]);
    } finally {
      fs.rmSync(pod, { recursive: true, force: true });
    }
  });

  it('says a name does not exist', async () => {
    await expect(resolverWith().resolve('nowhere.client.example', 0)).rejects.toMatchObject({
      code: 'ENOTFOUND',
      message: expect.stringContaining('DNS lookup of nowhere.client.example failed'),
    });
  });

  it('gives up on a name server that never answers within its budget, holding no thread meanwhile', async () => {
    const resolver = resolverWith(800);
    const started = Date.now();
    // More hung lookups than libuv has threads: getaddrinfo would hold them all, and the lookups and
    // file reads below would wait behind them.
    const hung = Array.from({ length: 8 }, () =>
      resolver.resolve('hangs.client.example', 0).then(
        () => null,
        (error: NodeJS.ErrnoException) => ({
          code: error.code,
          message: error.message,
          at: Date.now() - started,
        }),
      ),
    );
    const answered = await resolver.resolve('hooks.client.example', 4);
    const read = await fs.promises.readFile(__filename);
    const meanwhile = Date.now() - started;
    expect(answered).toEqual([{ address: '203.0.113.10', family: 4 }]);
    expect(read.length).toBeGreaterThan(0);
    // Well under the hung lookups' 800 ms: it did not wait behind them (a loaded machine aside).
    expect(meanwhile).toBeLessThan(600);
    for (const failure of await Promise.all(hung)) {
      expect(failure).toEqual({
        code: 'ETIMEOUT',
        message: 'DNS lookup of hangs.client.example failed (no answer within 800 ms)',
        at: expect.any(Number),
      });
      expect(failure!.at).toBeLessThan(800 + 1000);
    }
  });
});
