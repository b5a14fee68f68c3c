import {
  type SealedSecretKind,
  type SealedSecretRepository,
  type SealedSecretRow,
} from './sealed-secret.repository';
import { SecretBox } from '../secret-box';
import { SealedSecretRotationService, UnreadableSecretsError } from './sealed-secret-rotation.service';

const OLD = { id: 'old', key: Buffer.alloc(32, 1) };
const NEW = { id: 'new', key: Buffer.alloc(32, 2) };
const before = new SecretBox({ keys: [OLD], activeKeyId: 'old' });
const after = new SecretBox({ keys: [NEW, OLD], activeKeyId: 'new' });

/** The repository's contract over an in-memory table; `onReplace` lets a test change a row meanwhile. */
class MemorySecrets {
  rows: SealedSecretRow[] = [];
  onReplace: (row: SealedSecretRow) => void = () => undefined;

  add(kind: SealedSecretKind, id: string, aad: string, plaintext: string, box = before): void {
    this.rows.push({ kind, id, aad, sealed: box.seal(plaintext, aad) });
  }

  async findBatchAfter(
    kind: SealedSecretKind,
    after: string | null,
    limit: number,
  ): Promise<SealedSecretRow[]> {
    return this.rows
      .filter((r) => r.kind === kind && (after === null || r.id > after))
      .sort((a, b) => a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }

  async replaceIfUnchanged(row: SealedSecretRow, replacement: string): Promise<boolean> {
    this.onReplace(row);
    const stored = this.rows.find((r) => r.kind === row.kind && r.id === row.id)!;
    if (stored.sealed !== row.sealed) return false;
    stored.sealed = replacement;
    return true;
  }
}

const service = (secrets: MemorySecrets, box = after) =>
  new SealedSecretRotationService(secrets as unknown as SealedSecretRepository, box, 2);

describe('SealedSecretRotationService', () => {
  it('reseals every value not under the active key, batch after batch, keeping what it opens to', async () => {
    const secrets = new MemorySecrets();
    for (const id of ['A00001', 'A00002', 'A00003', 'A00004', 'A00005']) {
      secrets.add('order_syndic_password', id, id, `pw-${id}`);
    }
    secrets.add('account_webhook_secret', 'acc-1', 'webhook-secret', 'whsec_x');
    secrets.add('refresh_request_syndic_password', 'req-1', 'A00001', 'new-pw', after);

    expect(await service(secrets).rotateAll()).toEqual({ resealed: 6 });
    for (const row of secrets.rows) {
      expect(after.needsRotation(row.sealed)).toBe(false);
      expect(after.open(row.sealed, row.aad)).toMatch(/^(pw-A0000\d|whsec_x|new-pw)$/);
    }
    expect(await service(secrets).rotateAll()).toEqual({ resealed: 0 });
  });

  it('leaves a value changed meanwhile to its writer, and checks it again', async () => {
    const secrets = new MemorySecrets();
    secrets.add('order_syndic_password', 'A00001', 'A00001', 'first');
    secrets.onReplace = (row) => {
      // A refresh stores new credentials, sealed under the new key, just before our write.
      secrets.rows[0]!.sealed = after.seal('second', row.aad);
      secrets.onReplace = () => undefined;
    };
    expect(await service(secrets).rotateAll()).toEqual({ resealed: 0 });
    expect(after.open(secrets.rows[0]!.sealed, 'A00001')).toBe('second');
  });

  it('reseals what it can and names what no configured key opens', async () => {
    const secrets = new MemorySecrets();
    secrets.add('order_syndic_password', 'A00001', 'A00001', 'pw');
    secrets.add(
      'order_syndic_password',
      'A00002',
      'A00002',
      'pw',
      new SecretBox({ keys: [{ id: 'gone', key: Buffer.alloc(32, 9) }], activeKeyId: 'gone' }),
    );
    const error = await service(secrets)
      .rotateAll()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableSecretsError);
    expect((error as UnreadableSecretsError).unreadable).toEqual(['order_syndic_password A00002']);
    expect((error as UnreadableSecretsError).resealed).toBe(1);
  });
});
