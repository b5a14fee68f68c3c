import fs from 'node:fs/promises';
import path from 'node:path';
import { type ApiTestApp } from './api-test-app';

/**
 * The files the API's document store holds under `prefix` (a key prefix such as `orders/K7Q2ZP`), as
 * keys, sorted; directories left empty count too (with a trailing `/`), so a test sees what a refused
 * request left behind.
 */
export async function filesUnder(app: Pick<ApiTestApp, 'config'>, prefix: string): Promise<string[]> {
  const root = app.config.storage.documentsDir;
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (entries.length === 0 && relative !== prefix) found.push(`${relative}/`);
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else found.push(child);
    }
  };
  await walk(prefix);
  return found.sort();
}
