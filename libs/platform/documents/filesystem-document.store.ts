import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type DocumentStore } from './document-store';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,499}$/;

/** Document store on the local filesystem (default: var/documents). */
export class FilesystemDocumentStore implements DocumentStore {
  constructor(private readonly rootDir: string) {}

  /**
   * Durable once it resolves: the caller then commits the document's row, and a machine that stopped
   * within the kernel's write-back delay (about 30 s) would otherwise come back with the row but with
   * the file empty or missing. The content is flushed before the rename, and the rename (with any
   * directory made for it) after it.
   */
  async put(key: string, content: Buffer): Promise<void> {
    const target = this.pathOf(key);
    // Write then rename: a reader never sees a half-written file, and a retried write is harmless.
    const temporary = `${target}.${randomUUID()}.tmp`;
    const { handle, createdDirectory } = await openCreatingDirectory(temporary);
    try {
      try {
        await handle.writeFile(content);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    // The renamed entry; and where directories were made, each one's entry in its parent.
    const directory = path.dirname(target);
    const changed = createdDirectory
      ? directoriesDown(path.dirname(createdDirectory), directory)
      : [directory];
    for (const changedDirectory of changed) await syncDirectory(changedDirectory);
  }

  // Async, so that a refused key rejects like any other failure rather than throwing at the call.
  async get(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.rm(target, { force: true });
    // The key's own directories, deepest first, as long as they are empty; the root stays.
    const segments = key.split('/').slice(0, -1);
    for (let depth = segments.length; depth > 0; depth--) {
      try {
        await fs.rmdir(path.join(this.rootDir, ...segments.slice(0, depth)));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue;
        if (code === 'ENOTEMPTY' || code === 'EEXIST') return;
        throw error;
      }
    }
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Invalid document key: ${key}`);
    return path.join(this.rootDir, key);
  }
}

/**
 * An order's documents share a directory: it is created when opening finds it missing, rather than
 * checked before every write (a quarter of a document write's CPU on these machines). Returns the
 * first directory made, if any.
 */
async function openCreatingDirectory(
  file: string,
): Promise<{ handle: fs.FileHandle; createdDirectory?: string }> {
  let createdDirectory: string | undefined;
  // Again when the directory made is gone before the open: `delete` removed it, left empty, meanwhile.
  for (let attempt = 0; ; attempt++) {
    try {
      return { handle: await fs.open(file, 'w'), createdDirectory };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 3) throw error;
      createdDirectory = (await fs.mkdir(path.dirname(file), { recursive: true })) ?? createdDirectory;
    }
  }
}

/** `top`, then each directory under it down to `bottom`, which lies within it. */
function directoriesDown(top: string, bottom: string): string[] {
  const directories = [bottom];
  for (let current = bottom; current !== top && path.dirname(current) !== current;) {
    current = path.dirname(current);
    directories.unshift(current);
  }
  return directories;
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await fs.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
