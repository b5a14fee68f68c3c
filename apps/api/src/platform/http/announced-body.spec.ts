import { announcedBodyRefusal } from './announced-body';

describe('announcedBodyRefusal', () => {
  it('lets a plain body within the limit be read', () => {
    expect(announcedBodyRefusal({}, 10)).toBeNull();
    expect(announcedBodyRefusal({ 'content-length': '10', 'content-encoding': 'identity' }, 10)).toBeNull();
  });

  it('refuses an announced length beyond the limit with 413', () => {
    expect(announcedBodyRefusal({ 'content-length': '11' }, 10)).toMatchObject({ code: 'payload_too_large' });
  });

  it('names the coding of a compressed body first, whatever its length', () => {
    expect(announcedBodyRefusal({ 'content-length': '11', 'content-encoding': 'gzip' }, 10)).toMatchObject({
      code: 'unsupported_content_encoding',
    });
  });
});
