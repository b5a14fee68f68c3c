import { type DataSource } from 'typeorm';

/** Every column holding a value sealed with the SecretBox, and the associated data it was sealed with. */
export const SEALED_SECRET_KINDS = [
  'order_syndic_password',
  'refresh_request_syndic_password',
  'account_webhook_secret',
  'account_previous_webhook_secret',
  'operator_totp_secret',
] as const;
export type SealedSecretKind = (typeof SEALED_SECRET_KINDS)[number];

export interface SealedSecretRow {
  kind: SealedSecretKind;
  /** Primary key of the row, as text. */
  id: string;
  /** What the value was sealed for (the SecretBox's `aad`). */
  aad: string;
  sealed: string;
}

interface SealedColumn {
  table: string;
  key: string;
  /** Key-set pagination starts after this value. */
  firstCursor: string;
  column: string;
  /** SQL expression of the associated data. */
  aad: string;
}

// Fixed SQL identifiers, never built from input.
const COLUMNS: Record<SealedSecretKind, SealedColumn> = {
  order_syndic_password: {
    table: 'orders',
    key: 'orderid',
    firstCursor: '',
    column: 'syndic_password_sealed',
    aad: 'orderid',
  },
  refresh_request_syndic_password: {
    table: 'order_refresh_requests',
    key: 'id',
    firstCursor: '00000000-0000-0000-0000-000000000000',
    column: 'syndic_password_sealed',
    aad: 'orderid',
  },
  account_webhook_secret: {
    table: 'accounts',
    key: 'id',
    firstCursor: '00000000-0000-0000-0000-000000000000',
    column: 'webhook_secret_sealed',
    // WEBHOOK_SECRET_AAD
    aad: "'webhook-secret'",
  },
  account_previous_webhook_secret: {
    table: 'accounts',
    key: 'id',
    firstCursor: '00000000-0000-0000-0000-000000000000',
    column: 'previous_webhook_secret_sealed',
    // WEBHOOK_SECRET_AAD
    aad: "'webhook-secret'",
  },
  operator_totp_secret: {
    table: 'operators',
    key: 'id',
    firstCursor: '00000000-0000-0000-0000-000000000000',
    column: 'totp_secret_sealed',
    // operatorTotpAad(id)
    aad: "'operator-totp:' || id::text",
  },
};

/** The sealed values at rest, for key rotation: read in key order, replaced only if unchanged. */
export class SealedSecretRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Up to `limit` sealed values of one kind whose row key comes after `after` (null: from the start). */
  async findBatchAfter(
    kind: SealedSecretKind,
    after: string | null,
    limit: number,
  ): Promise<SealedSecretRow[]> {
    const c = COLUMNS[kind];
    const rows: { id: string; aad: string; sealed: string }[] = await this.dataSource.query(
      `SELECT ${c.key}::text AS id, ${c.aad} AS aad, ${c.column} AS sealed
         FROM ${c.table}
        WHERE ${c.column} IS NOT NULL AND ${c.key} > $1
        ORDER BY ${c.key}
        LIMIT $2`,
      [after ?? c.firstCursor, limit],
    );
    return rows.map((row) => ({ kind, ...row }));
  }

  /**
   * Writes `replacement` only if the row still holds `expected`: a value changed meanwhile (a refresh
   * with new credentials, a rotated webhook secret) is never overwritten with an older one.
   */
  async replaceIfUnchanged(row: SealedSecretRow, replacement: string): Promise<boolean> {
    const c = COLUMNS[row.kind];
    const [, affected] = (await this.dataSource.query(
      `UPDATE ${c.table} SET ${c.column} = $1 WHERE ${c.key} = $2 AND ${c.column} = $3`,
      [replacement, row.id, row.sealed],
    )) as [unknown, number];
    return affected === 1;
  }
}
