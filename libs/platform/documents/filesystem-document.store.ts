import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type DocumentStore } from './document-store';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,499}$/;

/** Document store on the local filesystem (default: var/documents). */
export class FilesystemDocumentStore implements DocumentStore {
  constructor(private readonly rootDir: string) {}

  async put(key: string, content: Buffer): Promise<void> {
    const target = this.pathOf(key);
    // Write then rename: a reader never sees a half-written file, and a retried write is harmless.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeCreatingDirectory(temporary, content);
    await fs.rename(temporary, target);
  }

  // Async, so that a refused key rejects like any other failure rather than throwing at the call.
  async get(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Invalid document key: ${key}`);
    return path.join(this.rootDir, key);
  }
}

/**
 * An order's documents share a directory: it is created when a write finds it missing, rather than
 * checked before every write (a quarter of a document write's CPU on these machines).
 */
async function writeCreatingDirectory(file: string, content: Buffer): Promise<void> {
  try {
    await fs.writeFile(file, content);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
}
