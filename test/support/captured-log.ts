import { Writable } from 'node:stream';

/** A log destination kept in memory, so a test reads back every JSON line the service wrote. */
export class CapturedLog {
  private readonly chunks: string[] = [];
  readonly stream = new Writable({
    write: (chunk: Buffer | string, _encoding, done) => {
      this.chunks.push(String(chunk));
      done();
    },
  });

  text(): string {
    return this.chunks.join('');
  }

  lines(): Record<string, unknown>[] {
    return this.text()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
