import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FilesystemDocumentStore } from './filesystem-document.store';

describe('FilesystemDocumentStore', () => {
  let root: string;
  let store: FilesystemDocumentStore;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'documents-'));
    // The store's root itself does not exist yet: the first write creates it.
    store = new FilesystemDocumentStore(path.join(root, 'var', 'documents'));
  });

  afterEach(() => rm(root, { recursive: true, force: true }));

  it('creates the directories a key needs and reads the content back', async () => {
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('first'));
    await store.put('orders/K7Q2ZP/v1/b.pdf', Buffer.from('second'));
    await expect(store.get('orders/K7Q2ZP/v1/a.pdf')).resolves.toEqual(Buffer.from('first'));
    await expect(store.get('orders/K7Q2ZP/v1/b.pdf')).resolves.toEqual(Buffer.from('second'));
    expect((await readdir(path.join(root, 'var/documents/orders/K7Q2ZP/v1'))).sort()).toEqual([
      'a.pdf',
      'b.pdf',
    ]);
  });

  it('writes again into a directory removed since its last write', async () => {
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('first'));
    await rm(path.join(root, 'var/documents/orders'), { recursive: true });
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('again'));
    await expect(store.get('orders/K7Q2ZP/v1/a.pdf')).resolves.toEqual(Buffer.from('again'));
  });

  it('replaces a document written twice, leaving no temporary file', async () => {
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('first'));
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('retried'));
    await expect(store.get('orders/K7Q2ZP/v1/a.pdf')).resolves.toEqual(Buffer.from('retried'));
    expect(await readdir(path.join(root, 'var/documents/orders/K7Q2ZP/v1'))).toEqual(['a.pdf']);
  });

  it('refuses keys that would leave its root', async () => {
    await expect(store.put('../outside.pdf', Buffer.from('x'))).rejects.toThrow('Invalid document key');
    await expect(store.put('orders/../../outside.pdf', Buffer.from('x'))).rejects.toThrow(
      'Invalid document key',
    );
    await expect(store.get('/etc/passwd')).rejects.toThrow('Invalid document key');
  });

  it('passes on other write errors', async () => {
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('first'));
    // A file where the key needs a directory: not ENOENT, so no directory is made over it.
    await expect(store.put('orders/K7Q2ZP/v1/a.pdf/b.pdf', Buffer.from('x'))).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
  });
});
