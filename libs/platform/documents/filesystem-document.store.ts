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
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a reader never sees a half-written file, and a retried write is harmless.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, content);
    await fs.rename(temporary, target);
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`Invalid document key: ${key}`);
    return path.join(this.rootDir, key);
  }
}
