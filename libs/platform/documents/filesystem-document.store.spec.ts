import fs, { mkdtemp, readdir, rm } from 'node:fs/promises';
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

  afterEach(async () => {
    jest.restoreAllMocks();
    await rm(root, { recursive: true, force: true });
  });

  /** What reaches the disk, in order: each flushed file or directory (relative to `root`), each rename. */
  function recordFlushes(options: { failSync?: boolean } = {}): string[] {
    const events: string[] = [];
    const relative = (file: string) => path.relative(root, file).replace(/\.[0-9a-f-]{36}\.tmp$/, '.tmp');
    const open = fs.open.bind(fs);
    jest.spyOn(fs, 'open').mockImplementation(async (file, flags) => {
      const handle = await open(file, flags);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        if (options.failSync) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
        await sync();
        events.push(`sync ${relative(String(file))}`);
      };
      return handle;
    });
    const rename = fs.rename.bind(fs);
    jest.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
      await rename(from, to);
      events.push(`rename ${relative(String(from))} ${relative(String(to))}`);
    });
    return events;
  }

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

  it('flushes the content before the rename, then every directory entry made, down to the renamed one', async () => {
    const events = recordFlushes();
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('first'));
    expect(events).toEqual([
      'sync var/documents/orders/K7Q2ZP/v1/a.pdf.tmp',
      'rename var/documents/orders/K7Q2ZP/v1/a.pdf.tmp var/documents/orders/K7Q2ZP/v1/a.pdf',
      // `root` existed: `var` was the first directory made.
      'sync ',
      'sync var',
      'sync var/documents',
      'sync var/documents/orders',
      'sync var/documents/orders/K7Q2ZP',
      'sync var/documents/orders/K7Q2ZP/v1',
    ]);
    events.length = 0;
    await store.put('orders/K7Q2ZP/v1/b.pdf', Buffer.from('second'));
    expect(events).toEqual([
      'sync var/documents/orders/K7Q2ZP/v1/b.pdf.tmp',
      'rename var/documents/orders/K7Q2ZP/v1/b.pdf.tmp var/documents/orders/K7Q2ZP/v1/b.pdf',
      'sync var/documents/orders/K7Q2ZP/v1',
    ]);
  });

  it('leaves neither the document nor a temporary file when the content cannot be flushed', async () => {
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('first'));
    recordFlushes({ failSync: true });
    await expect(store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('second'))).rejects.toMatchObject({
      code: 'EIO',
    });
    await expect(store.put('orders/K7Q2ZP/v1/b.pdf', Buffer.from('other'))).rejects.toMatchObject({
      code: 'EIO',
    });
    jest.restoreAllMocks();
    await expect(store.get('orders/K7Q2ZP/v1/a.pdf')).resolves.toEqual(Buffer.from('first'));
    expect(await readdir(path.join(root, 'var/documents/orders/K7Q2ZP/v1'))).toEqual(['a.pdf']);
  });

  it('deletes a document and the directories it leaves empty, never the root nor a shared one', async () => {
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('first'));
    await store.put('orders/K7Q2ZP/v2/b.pdf', Buffer.from('second'));
    await store.delete('orders/K7Q2ZP/v1/a.pdf');
    expect(await readdir(path.join(root, 'var/documents/orders/K7Q2ZP'))).toEqual(['v2']);
    await store.delete('orders/K7Q2ZP/v2/b.pdf');
    expect(await readdir(path.join(root, 'var/documents'))).toEqual([]);
    // Nothing there: nothing to do.
    await store.delete('orders/K7Q2ZP/v2/b.pdf');
    await expect(store.delete('../outside.pdf')).rejects.toThrow('Invalid document key');
    // The next write makes the directories again.
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('again'));
    await expect(store.get('orders/K7Q2ZP/v1/a.pdf')).resolves.toEqual(Buffer.from('again'));
  });

  it('writes into a directory that a delete removes while the write makes it', async () => {
    const mkdir = fs.mkdir.bind(fs);
    let removed = false;
    jest.spyOn(fs, 'mkdir').mockImplementation(async (dir, options) => {
      const made = await mkdir(dir, options);
      // The directory emptied and removed by a delete, between this write's mkdir and its open.
      if (!removed) {
        removed = true;
        await fs.rmdir(String(dir));
      }
      return made;
    });
    await store.put('orders/K7Q2ZP/v1/a.pdf', Buffer.from('first'));
    await expect(store.get('orders/K7Q2ZP/v1/a.pdf')).resolves.toEqual(Buffer.from('first'));
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
