import { type DataSource, type EntityManager } from 'typeorm';
import { OperatorAuditEntity } from '@libs/persistence/entities/operator-audit.entity';
import { type OperatorActionKind, type OperatorAuditEntry } from './operator-action';
import { type OperatorIdentity } from '@libs/operators/operator-identity';

export interface OperatorAuditRecord {
  orderid: string;
  operator: OperatorIdentity;
  action: OperatorActionKind;
  detail: Record<string, unknown>;
  /** Identifies the change (the Temporal update id); null for what is not retried (a reveal). */
  key: string | null;
  at: Date;
}

/** The operators' audit table: appended to in the transaction of the change it records. */
export class OperatorAuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Appends the entry; false when one with the same key exists already (a retried recording). */
  async append(tx: EntityManager, record: OperatorAuditRecord): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `INSERT INTO operator_audit (orderid, operator_id, operator_email, action, detail, action_key, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
       ON CONFLICT (action_key) DO NOTHING
       RETURNING id`,
      [
        record.orderid,
        record.operator.id,
        record.operator.email,
        record.action,
        JSON.stringify(record.detail),
        record.key,
        record.at,
      ],
    );
    return rows.length > 0;
  }

  /** The order's entries, oldest first. */
  async trailOf(orderid: string): Promise<OperatorAuditEntry[]> {
    const rows = await this.dataSource
      .getRepository(OperatorAuditEntity)
      .find({ where: { orderid }, order: { id: 'ASC' } });
    return rows.map((row) => ({
      id: row.id,
      orderid: row.orderid,
      operatorId: row.operatorId,
      operatorEmail: row.operatorEmail,
      action: row.action,
      detail: row.detail,
      at: row.createdAt,
    }));
  }
}
