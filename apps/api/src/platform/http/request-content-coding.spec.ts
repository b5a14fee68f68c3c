import { ACCEPTED_REQUEST_CODINGS, contentCodingRefusal } from './request-content-coding';

describe('contentCodingRefusal', () => {
  it('lets a body sent as it is through', () => {
    expect(contentCodingRefusal({})).toBeNull();
    expect(contentCodingRefusal({ 'content-encoding': '' })).toBeNull();
    expect(contentCodingRefusal({ 'content-encoding': 'IDENTITY' })).toBeNull();
    expect(ACCEPTED_REQUEST_CODINGS).toBe('identity');
  });

  it('refuses any content coding, named as sent, lists included', () => {
    for (const coding of ['gzip', 'deflate', 'br', 'zstd', 'gzip, identity', 'identity, gzip']) {
      expect(contentCodingRefusal({ 'content-encoding': coding })).toMatchObject({
        code: 'unsupported_content_encoding',
        details: { encoding: coding },
      });
    }
  });

  it('echoes only printable ASCII, and at most 40 characters of it', () => {
    const refusal = contentCodingRefusal({ 'content-encoding': `gz\u00e9ip\t${'x'.repeat(60)}` });
    expect(refusal?.details.encoding).toBe(`gz?ip?${'x'.repeat(34)}`);
  });
});
