import { documentStorageKeys, extensionOf } from './document-storage-key';

describe('document storage keys', () => {
  it('names collected documents by order version, source and content hash', () => {
    expect(documentStorageKeys.collected('K7Q2ZP', 2, 'extranet', 'ab12', 'application/pdf')).toBe(
      'orders/K7Q2ZP/v2/extranet-ab12.pdf',
    );
    expect(documentStorageKeys.collected('K7Q2ZP', 1, 'upload', 'cd34', 'image/jpeg')).toBe(
      'orders/K7Q2ZP/v1/upload-cd34.jpg',
    );
  });

  it('names the pre-statement of a version after the order', () => {
    expect(documentStorageKeys.preStatement('K7Q2ZP', 3)).toBe(
      'orders/K7Q2ZP/v3/pre-etat-date-K7Q2ZP-v3.pdf',
    );
  });

  it('gives unknown media types a neutral extension', () => {
    expect(extensionOf('image/png')).toBe('png');
    expect(extensionOf('application/zip')).toBe('bin');
  });
});
