import { canonicalAddress, embeddedIpv4, parseIpAddress, parseIpRange, rangeContains } from './ip-address';

const hex = (text: string) => Buffer.from(parseIpAddress(text)!.toByteArray()).toString('hex');

describe('ip-address', () => {
  it.each([
    ['::', '00000000000000000000000000000000'],
    ['::1', '00000000000000000000000000000001'],
    ['fe80::1%eth0', 'fe800000000000000000000000000001'],
    ['[2001:db8::8:800:200c:417a]', '20010db80000000000080800200c417a'],
    ['::ffff:1.2.3.4', '00000000000000000000ffff01020304'],
    ['::1.2.3.4', '00000000000000000000000001020304'],
    ['1:2:3:4:5:6:7:8', '00010002000300040005000600070008'],
    ['1::', '00010000000000000000000000000000'],
    ['64:ff9b::10.0.0.1', '0064ff9b00000000000000000a000001'],
  ])('expands %s', (text, expected) => {
    expect(hex(text)).toBe(expected);
  });

  it('parses IPv4 and refuses host names and junk', () => {
    expect(parseIpAddress('192.168.1.20')!.toByteArray()).toEqual([192, 168, 1, 20]);
    for (const text of ['localhost', '1.2.3', '01.2.3.4', '0x7f.1', '2130706433', '::g', '', '1.2.3.4/8']) {
      expect(parseIpAddress(text)).toBeNull();
    }
  });

  it('matches CIDR ranges on bit boundaries', () => {
    const cgnat = parseIpRange('100.64.0.0/10')!;
    expect(rangeContains(cgnat, parseIpAddress('100.127.255.255')!)).toBe(true);
    expect(rangeContains(cgnat, parseIpAddress('100.128.0.0')!)).toBe(false);
    const ula = parseIpRange('fc00::/7')!;
    expect(rangeContains(ula, parseIpAddress('fdff::1')!)).toBe(true);
    expect(rangeContains(ula, parseIpAddress('fe00::1')!)).toBe(false);
    expect(rangeContains(ula, parseIpAddress('10.0.0.1')!)).toBe(false);
    expect(rangeContains(parseIpRange('0.0.0.0/0')!, parseIpAddress('8.8.8.8')!)).toBe(true);
  });

  it('refuses malformed ranges', () => {
    for (const text of [
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      'host/8',
      '10.0.0.0/-1',
      '0x7f.0.0.0/8',
    ]) {
      expect(parseIpRange(text)).toBeNull();
    }
    expect(parseIpRange('10.0.0.1')?.prefix).toBe(32);
  });

  it('reads the IPv4 address embedded in NAT64 and 6to4 addresses', () => {
    const nat64 = parseIpAddress('64:ff9b::a00:1')!;
    expect(embeddedIpv4(nat64 as never, 12).toString()).toBe('10.0.0.1');
    const sixToFour = parseIpAddress('2002:7f00:1::')!;
    expect(embeddedIpv4(sixToFour as never, 2).toString()).toBe('127.0.0.1');
  });

  it('gives one canonical form to the spellings of an address', () => {
    expect(canonicalAddress(parseIpAddress('::ffff:127.0.0.1')!)).toBe('127.0.0.1');
    expect(canonicalAddress(parseIpAddress('::ffff:7f00:1')!)).toBe('127.0.0.1');
    expect(canonicalAddress(parseIpAddress('[0:0::1]')!)).toBe(canonicalAddress(parseIpAddress('::1')!));
    expect(canonicalAddress(parseIpAddress('fe80::1%eth0')!)).toBe(
      canonicalAddress(parseIpAddress('fe80::1')!),
    );
  });
});
