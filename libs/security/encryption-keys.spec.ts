import { randomBytes } from 'node:crypto';
import { parseEncryptionKeys } from './encryption-keys';
import { SecretBox } from './secret-box';
import { SecurityConfigurationError } from './security.errors';

const KEY_1 = randomBytes(32);
const KEY_2 = randomBytes(32);

function errorOf(spec: string, variable?: string): SecurityConfigurationError {
  try {
    parseEncryptionKeys(spec, variable);
  } catch (error) {
    if (error instanceof SecurityConfigurationError) return error;
    throw error;
  }
  throw new Error('expected parseEncryptionKeys to throw');
}

describe('parseEncryptionKeys', () => {
  it('reads id:base64 entries, the first being the active key', () => {
    const options = parseEncryptionKeys(`k2:${KEY_2.toString('base64')},k1:${KEY_1.toString('base64')}`);
    expect(options.activeKeyId).toBe('k2');
    expect(options.keys.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(options.keys[0]?.key.equals(KEY_2)).toBe(true);
    expect(options.keys[1]?.key.equals(KEY_1)).toBe(true);
  });

  it('accepts url-safe base64, unpadded keys and spaces around entries', () => {
    const options = parseEncryptionKeys(
      ` k1 : ${KEY_1.toString('base64url')} ,  k2:${KEY_2.toString('base64')} `,
    );
    expect(options.keys.map((k) => k.id)).toEqual(['k1', 'k2']);
    expect(options.keys[0]?.key.equals(KEY_1)).toBe(true);
  });

  it('yields options a SecretBox accepts', () => {
    const box = new SecretBox(parseEncryptionKeys(`dev:${KEY_1.toString('base64')}`));
    expect(box.open(box.seal('hunter2'))).toBe('hunter2');
  });

  it.each([
    ['an empty value', '  ', 'ENCRYPTION_KEY: is empty'],
    ['an entry without id', KEY_1.toString('base64'), "ENCRYPTION_KEY: entry 1 has no ':'"],
    ['an empty entry', `k1:${KEY_1.toString('base64')},`, 'ENCRYPTION_KEY: entry 2 is empty'],
    ['an invalid id', `k.1:${KEY_1.toString('base64')}`, 'ENCRYPTION_KEY: entry 1 has an invalid key id'],
    [
      'a repeated id',
      `k1:${KEY_1.toString('base64')},k1:${KEY_2.toString('base64')}`,
      "ENCRYPTION_KEY: entry 2 repeats key id 'k1'",
    ],
    ['a key that is not base64', 'k1:not base64!', "ENCRYPTION_KEY: key 'k1' is not base64"],
    ['an empty key', 'k1:', "ENCRYPTION_KEY: key 'k1' is not base64"],
    [
      'a 16-byte key',
      `k1:${randomBytes(16).toString('base64')}`,
      "ENCRYPTION_KEY: key 'k1' decodes to 16 bytes, expected 32",
    ],
  ])('refuses %s with a message naming the fault', (_name, spec, message) => {
    const error = errorOf(spec);
    expect(error.message).toContain(message);
    expect(error.variable).toBe('ENCRYPTION_KEY');
  });

  it('never puts key material in its messages', () => {
    const short = randomBytes(31).toString('base64');
    expect(errorOf(`k1:${short}`).message).not.toContain(short);
  });

  it('names the variable it is told', () => {
    expect(errorOf('', 'PAYLOAD_CODEC_KEY').message).toMatch(/^PAYLOAD_CODEC_KEY: /);
  });
});
