import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';

/** How long a form sent after its session ended waits for its operator to log in again. */
export const FORM_DRAFT_LIFETIME_MS = 3_600_000;

/** A console form as it was sent: the page's address it was posted to, and its fields. */
export interface FormDraft {
  orderid: string;
  path: string;
  fields: Record<string, string | string[]>;
}

/**
 * Forms sent from a console page once its session was over, kept for their operator alone: taken once,
 * within FORM_DRAFT_LIFETIME_MS, and purged after it. They hold what an operator typed, nothing the
 * console does not show that operator anyway.
 */
export class FormDraftRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Keeps the draft; its id, which only its operator can use. */
  async keep(operatorId: string, draft: FormDraft): Promise<string> {
    const now = this.clock();
    await this.dataSource.query(`DELETE FROM console_form_drafts WHERE created_at <= $1`, [this.oldest(now)]);
    const id = randomUUID();
    await this.dataSource.query(
      `INSERT INTO console_form_drafts (id, operator_id, orderid, path, fields, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, operatorId, draft.orderid, draft.path, JSON.stringify(draft.fields), now],
    );
    return id;
  }

  /** The order of the operator's draft `id`, while it can still be taken. */
  async orderOf(id: string, operatorId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT orderid FROM console_form_drafts WHERE id = $1 AND operator_id = $2 AND created_at > $3`,
      [id, operatorId, this.oldest(this.clock())],
    )) as { orderid: string }[];
    return row?.orderid ?? null;
  }

  /** The operator's draft `id` of `orderid`, removed as it is read: shown once. */
  async take(id: string, operatorId: string, orderid: string): Promise<FormDraft | null> {
    // A SELECT around the DELETE: the driver then answers its rows, not a DELETE's [rows, count].
    const [row] = (await this.dataSource.query(
      `WITH taken AS (
         DELETE FROM console_form_drafts
          WHERE id = $1 AND operator_id = $2 AND orderid = $3 AND created_at > $4
          RETURNING orderid, path, fields)
       SELECT orderid, path, fields FROM taken`,
      [id, operatorId, orderid, this.oldest(this.clock())],
    )) as FormDraft[];
    return row ?? null;
  }

  private oldest(now: Date): Date {
    return new Date(now.getTime() - FORM_DRAFT_LIFETIME_MS);
  }
}
