import { decodeDocumentBase64 } from './document-base64';

describe('decodeDocumentBase64', () => {
  it.each([
    ['AAEC', [0, 1, 2]],
    ['AAE=', [0, 1]],
    ['AA==', [0]],
    // MIME's line breaks (RFC 2045) carry no data.
    ['AA\nEC', [0, 1, 2]],
    ['AAEC\r\nAA==\r\n', [0, 1, 2, 0]],
    ['\n', []],
  ])('decodes %j', (text, bytes) => {
    expect(decodeDocumentBase64(text)).toEqual({ bytes: Buffer.from(bytes) });
  });

  it.each([
    ['AAE', { kind: 'length', length: 3 }],
    ['AA\nE', { kind: 'length', length: 3 }],
    ['AA=A', { kind: 'padding' }],
    ['AB==', { kind: 'padding' }],
    ['AAEC====', { kind: 'padding' }],
    ['AA==AA==', { kind: 'padding' }],
    ['-_-_', { kind: 'base64url' }],
    ['AAE =', { kind: 'character', character: 'U+0020', position: 3 }],
    ['AA\tEC', { kind: 'character', character: 'U+0009', position: 2 }],
    ['AAEC!', { kind: 'character', character: '!', position: 4 }],
    ['AAé=', { kind: 'character', character: 'U+00E9', position: 2 }],
    ['AA😀', { kind: 'character', character: 'U+1F600', position: 2 }],
    ['data:application/pdf;base64,AAEC', { kind: 'data_url' }],
    ['DATA:;base64,AAEC', { kind: 'data_url' }],
  ])('refuses %j, saying why', (text, problem) => {
    expect(decodeDocumentBase64(text)).toEqual({ problem });
  });
});
