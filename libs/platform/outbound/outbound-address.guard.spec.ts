import { type LookupAddress } from 'node:dns';
import {
  OutboundAddressGuard,
  OutboundAddressRefusedError,
  OutboundAllowlistError,
} from './outbound-address.guard';
import { type HostResolver } from './dns-host-resolver';

const strict = new OutboundAddressGuard({ allowPrivate: false }, 'callback');

function lookupWith(guard: OutboundAddressGuard, hostname: string, all: boolean) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    guard.lookup(hostname, { all, family: 0 }, (error, address, family) =>
      resolve({ error, address, family }),
    ),
  );
}

const resolverOf =
  (table: Record<string, string[]>): HostResolver =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('OutboundAddressGuard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.10.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local (private)'],
    ['fd12:3456::1', 'unique local (private)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback, IPv4-mapped'],
    ['::ffff:7f00:1', 'loopback, IPv4-mapped'],
    ['::ffff:10.1.2.3', 'private, IPv4-mapped'],
    ['::ffff:169.254.169.254', 'cloud metadata, IPv4-mapped'],
    ['64:ff9b::a00:1', 'private, NAT64'],
    ['2002:7f00:1::', 'loopback, 6to4'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['2001:db8::1', 'documentation'],
  ])('refuses %s (%s) in production mode', (address, label) => {
    expect(strict.refusalReason(address)).toBe(label);
    expect(() => strict.assertAddress(address)).toThrow(
      new OutboundAddressRefusedError(`callback address ${address} is not allowed (${label})`),
    );
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(strict.refusalReason(address)).toBeNull();
  });

  it('allows everything when private callbacks are allowed (development, tests)', () => {
    const open = new OutboundAddressGuard({ allowPrivate: true }, 'callback');
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1']) {
      expect(open.refusalReason(address)).toBeNull();
    }
  });

  it('opens the allowlisted ranges only, IPv4-mapped forms included', () => {
    const guard = new OutboundAddressGuard(
      { allowPrivate: false, allowlist: ['127.0.0.0/8', 'fd00::/8'] },
      'callback',
    );
    expect(guard.refusalReason('127.0.0.1')).toBeNull();
    expect(guard.refusalReason('127.9.9.9')).toBeNull();
    expect(guard.refusalReason('::ffff:127.0.0.1')).toBeNull();
    expect(guard.refusalReason('fd00::5')).toBeNull();
    expect(guard.refusalReason('10.0.0.1')).toBe('private');
    expect(guard.refusalReason('::1')).toBe('loopback');
  });

  it('refuses an allowlist entry that is not a CIDR range at construction', () => {
    expect(
      () => new OutboundAddressGuard({ allowPrivate: false, allowlist: ['127.0.0.0/33'] }, 'callback'),
    ).toThrow(OutboundAllowlistError);
    expect(
      () => new OutboundAddressGuard({ allowPrivate: false, allowlist: ['localhost'] }, 'callback'),
    ).toThrow(OutboundAllowlistError);
  });

  it('accepts only absolute http(s) URLs', () => {
    expect(strict.parseUrl('https://hooks.example.fr/pre-etat').hostname).toBe('hooks.example.fr');
    expect(() => strict.parseUrl('ftp://hooks.example.fr/')).toThrow('scheme ftp: is not allowed');
    expect(() => strict.parseUrl('file:///etc/passwd')).toThrow(OutboundAddressRefusedError);
    expect(() => strict.parseUrl('/relative')).toThrow('not a valid absolute URL');
  });

  it('sees the numeric forms of loopback that URLs normalise', () => {
    for (const raw of ['http://2130706433/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/']) {
      const host = strict.parseUrl(raw).hostname;
      expect(strict.refusalReason(host)).toMatch(/^loopback/);
    }
  });

  it('checks the IP literal of a URL before any connection, in every spelling URLs accept', () => {
    const extranet = new OutboundAddressGuard({ allowPrivate: false }, 'extranet');
    for (const [raw, literal, label] of [
      ['http://127.0.0.1:8080/', '127.0.0.1', 'loopback'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback, IPv4-mapped'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'cloud metadata'],
      ['http://2130706433/', '127.0.0.1', 'loopback'],
      ['http://0x7f.1/', '127.0.0.1', 'loopback'],
      ['https://[64:ff9b::a9fe:a9fe]/', '64:ff9b::a9fe:a9fe', 'cloud metadata, NAT64'],
      ['http://100.64.0.1/', '100.64.0.1', 'carrier-grade NAT'],
      ['http://[fd00:ec2::254]/', 'fd00:ec2::254', 'cloud metadata'],
    ]) {
      expect(() => extranet.assertUrl(extranet.parseUrl(raw!))).toThrow(
        new OutboundAddressRefusedError(`extranet address ${literal} is not allowed (${label})`),
      );
    }
    // Host names are judged on the addresses they resolve to, at connection time.
    expect(() => extranet.assertUrl(new URL('https://extranet.syndic.example/'))).not.toThrow();
    expect(() => extranet.assertUrl(new URL('https://93.184.215.14/'))).not.toThrow();
    expect(() => extranet.parseUrl('file:///etc/passwd')).toThrow(
      'extranet URL scheme file: is not allowed (http or https only)',
    );
  });

  describe('lookup (the address actually connected to)', () => {
    const resolver = resolverOf({
      'hooks.example.fr': ['93.184.215.14', '2606:4700::1111'],
      'rebind.example.fr': ['93.184.215.14', '127.0.0.1'],
      'metadata.example.fr': ['169.254.169.254'],
    });
    const guard = new OutboundAddressGuard({ allowPrivate: false }, 'callback', resolver);

    it('hands back the resolved addresses of a public host, one or all as asked', async () => {
      expect(await lookupWith(guard, 'hooks.example.fr', false)).toEqual({
        error: null,
        address: '93.184.215.14',
        family: 4,
      });
      expect((await lookupWith(guard, 'hooks.example.fr', true)).address).toEqual([
        { address: '93.184.215.14', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ]);
    });

    it('fails the connection when any resolved address is refused', async () => {
      const rebind = await lookupWith(guard, 'rebind.example.fr', true);
      expect(rebind.error).toBeInstanceOf(OutboundAddressRefusedError);
      expect(rebind.error?.message).toBe(
        'callback address 127.0.0.1 is not allowed (loopback; resolved from rebind.example.fr)',
      );
      const metadata = await lookupWith(guard, 'metadata.example.fr', false);
      expect(metadata.error?.message).toContain('(cloud metadata; resolved from metadata.example.fr)');
    });

    it('fails a host without addresses and passes resolver errors through', async () => {
      expect((await lookupWith(guard, 'nowhere.example.fr', false)).error).toBeInstanceOf(
        OutboundAddressRefusedError,
      );
      const failing = new OutboundAddressGuard({ allowPrivate: false }, 'callback', async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND x.invalid'), { code: 'ENOTFOUND' });
      });
      expect((await lookupWith(failing, 'x.invalid', false)).error?.message).toBe(
        'getaddrinfo ENOTFOUND x.invalid',
      );
    });

    it('resolves localhost with the system resolver and refuses it', async () => {
      const result = await lookupWith(strict, 'localhost', false);
      expect(result.error?.message).toMatch(
        /^callback address (127\.0\.0\.1|::1) is not allowed \(loopback; resolved from localhost\)$/,
      );
    });
  });
});
