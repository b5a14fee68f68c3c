import { ServiceError } from '@libs/platform/domain-error';
import {
  SEALED_SECRET_KINDS,
  type SealedSecretRepository,
  type SealedSecretRow,
} from './sealed-secret.repository';
import { type SecretBox } from '../secret-box';
import { UnreadableSecretError } from '../security.errors';

export interface RotationReport {
  resealed: number;
}

export class UnreadableSecretsError extends ServiceError {
  override readonly name = 'UnreadableSecretsError';
  readonly code = 'unreadable_secrets';
  constructor(
    readonly resealed: number,
    readonly unreadable: string[],
  ) {
    super(
      `${unreadable.length} sealed value(s) cannot be opened with the configured keys ` +
        `(${unreadable.slice(0, 10).join(', ')}${unreadable.length > 10 ? ', …' : ''}); ` +
        `${resealed} other(s) resealed`,
    );
  }
}

const MAX_PASSES = 3;

/**
 * `keys rotate`: re-encrypts every sealed value at rest that is not under the active ENCRYPTION_KEY
 * entry, batch by batch, while the service runs. Running processes keep opening values under either
 * key meanwhile (they list both), and a value that changes under our feet is left to its writer, who
 * sealed it under the active key already; a further pass checks it.
 */
export class SealedSecretRotationService {
  constructor(
    private readonly secrets: SealedSecretRepository,
    private readonly secretBox: SecretBox,
    private readonly batchSize = 500,
  ) {}

  async rotateAll(): Promise<RotationReport> {
    let resealed = 0;
    let unreadable: string[] = [];
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const result = await this.pass();
      resealed += result.resealed;
      unreadable = result.unreadable;
      if (result.raced === 0) break;
    }
    if (unreadable.length > 0) throw new UnreadableSecretsError(resealed, unreadable);
    return { resealed };
  }

  private async pass(): Promise<{ resealed: number; raced: number; unreadable: string[] }> {
    let resealed = 0;
    let raced = 0;
    const unreadable: string[] = [];
    for (const kind of SEALED_SECRET_KINDS) {
      let after: string | null = null;
      for (;;) {
        const batch: SealedSecretRow[] = await this.secrets.findBatchAfter(kind, after, this.batchSize);
        if (batch.length === 0) break;
        for (const row of batch) {
          const replacement = this.resealed(row);
          if (replacement === 'unreadable') unreadable.push(`${kind} ${row.id}`);
          else if (replacement === null) continue;
          else if (await this.secrets.replaceIfUnchanged(row, replacement)) resealed++;
          else raced++;
        }
        after = batch[batch.length - 1]!.id;
      }
    }
    return { resealed, raced, unreadable };
  }

  /** The value sealed under the active key; null when it already is. */
  private resealed(row: SealedSecretRow): string | null | 'unreadable' {
    try {
      return this.secretBox.needsRotation(row.sealed) ? this.secretBox.reseal(row.sealed, row.aad) : null;
    } catch (error) {
      if (error instanceof UnreadableSecretError) return 'unreadable';
      throw error;
    }
  }
}
