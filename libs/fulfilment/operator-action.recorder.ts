import { type DocumentKind } from '@libs/orders/document-kind';
import { type StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { OrderNotFoundForProcessingError } from '@libs/orders/collection/order-processing.errors';
import { type OrderRepository } from '@libs/orders/order.repository';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type TransactionRunner } from '@libs/persistence/transaction-runner';
import { ServiceError } from '@libs/platform/domain-error';
import { changedStatementFields } from '@libs/statement/statement-diff';
import { validateStatement } from '@libs/statement/statement.validator';
import { type EntityManager } from 'typeorm';
import { type DirectOperatorAction, type OperatorActionKind, operatorEventTrigger } from './operator-action';
import { type OperatorAuditRepository } from './operator-audit.repository';
import { type OperatorIdentity } from '@libs/operators/operator-identity';

/** What an operator changed, per action (the workflow's updates, recorded by its activities). */
export type OperatorChange =
  | { action: 'statement_filed'; statement: unknown }
  | { action: 'documents_attached'; documentIds: number[] }
  | { action: 'document_existence_marked'; kind: DocumentKind; exists: boolean }
  | { action: 'released' }
  | { action: 'handed_back' }
  | { action: 'switched_to_assisted'; note: string }
  | { action: 'cancelled'; reason: string };

export interface OperatorActionRecord {
  orderid: string;
  version: number;
  operator: OperatorIdentity;
  /** The Temporal update's id: recording it again (an activity retry) writes nothing more. */
  key: string;
  at: Date;
  change: OperatorChange;
}

/** A statement that does not validate reached the workflow: a fault of the caller, never retried. */
export class FiledStatementInvalidError extends ServiceError {
  override readonly name = 'FiledStatementInvalidError';
  readonly code = 'filed_statement_invalid';
}

/**
 * Records what operators do to an order (docs/contract.md §9): the change on the order, an event in its
 * history and an entry in the audit table, in one transaction. Recording an update's action again (an
 * activity retry after a crash) changes nothing more.
 */
export class OperatorActionRecorder {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly orders: OrderRepository,
    private readonly documents: StoredDocumentRepository,
    private readonly audit: OperatorAuditRepository,
  ) {}

  /** Records an operator's action; false when it was recorded already or a refresh superseded it. */
  async record(record: OperatorActionRecord): Promise<boolean> {
    return this.transactions.transaction(async (tx) => {
      const order = await this.orders.findLocked(tx, record.orderid);
      if (!order) throw new OrderNotFoundForProcessingError(`Order ${record.orderid} does not exist`);
      if (order.version !== record.version) return false;
      const { changes, detail } = await this.changeOf(order, record);
      const appended = await this.audit.append(tx, {
        orderid: record.orderid,
        operator: record.operator,
        action: record.change.action,
        detail,
        key: record.key,
        at: record.at,
      });
      if (!appended) return false;
      if (Object.keys(changes).length > 0) await this.orders.update(tx, record.orderid, changes);
      if (record.change.action === 'documents_attached') {
        await this.documents.markAttached(tx, record.orderid, record.version, record.change.documentIds);
      }
      await this.appendEvent(tx, order, record.change.action, record.operator, detail, record.at);
      return true;
    });
  }

  /**
   * What an operator does outside the workflow, audited with an event: the seller's access before it is
   * shown, a notification sent again once Temporal has taken it (OperatorActionsService.redeliver).
   */
  async recordDirectAction(
    order: OrderEntity,
    operator: OperatorIdentity,
    action: DirectOperatorAction,
    detail: Record<string, unknown>,
    at: Date,
  ): Promise<void> {
    await this.transactions.transaction(async (tx) => {
      await this.audit.append(tx, { orderid: order.orderid, operator, action, detail, key: null, at });
      await this.appendEvent(tx, order, action, operator, detail, at);
    });
  }

  /** The order's columns an action changes, and what the audit says of it (never a secret). */
  private async changeOf(
    order: OrderEntity,
    { change, version, at }: OperatorActionRecord,
  ): Promise<{ changes: Partial<OrderEntity>; detail: Record<string, unknown> }> {
    switch (change.action) {
      case 'statement_filed': {
        const validation = validateStatement(change.statement);
        if (!validation.valid) {
          throw new FiledStatementInvalidError(
            `The filed statement is invalid at ${validation.issues.map((i) => i.field).join(', ')}`,
          );
        }
        const previous = order.statementVersion === version ? order.statement : null;
        return {
          changes: { statement: validation.statement, statementVersion: version },
          detail:
            previous === null
              ? { first_filing: true }
              : { changed: changedStatementFields(previous, validation.statement) },
        };
      }
      case 'documents_attached': {
        const rows = await this.documents.listByIds(order.orderid, version, change.documentIds);
        return {
          changes: {},
          detail: {
            documents: rows.map((row) => ({
              id: row.id,
              doctype: row.doctype,
              kind: row.kind,
              filename: row.filename,
            })),
          },
        };
      }
      case 'document_existence_marked':
        return {
          changes: { documentExistence: { ...order.documentExistence, [change.kind]: change.exists } },
          detail: { kind: change.kind, exists: change.exists },
        };
      case 'released':
        return { changes: {}, detail: { missing_doctypes: order.missingDoctypes } };
      case 'handed_back':
        return {
          changes: {
            fulfilmentMode: 'automatic',
            assistanceReason: null,
            assistanceDetail: null,
            assistedSince: null,
          },
          detail: { previous_reason: order.assistanceReason },
        };
      case 'switched_to_assisted':
        return {
          changes: {
            fulfilmentMode: 'assisted',
            assistanceReason: 'operator_switch',
            assistanceDetail: change.note,
            assistedSince: at,
          },
          detail: { note: change.note },
        };
      case 'cancelled':
        return {
          changes: { cancelledAt: at, cancelReason: change.reason },
          detail: { reason: change.reason },
        };
    }
  }

  private async appendEvent(
    tx: EntityManager,
    order: OrderEntity,
    action: OperatorActionKind,
    operator: OperatorIdentity,
    detail: Record<string, unknown>,
    at: Date,
  ): Promise<void> {
    await this.orders.insertEvent(tx, {
      orderid: order.orderid,
      fromState: order.state,
      toState: order.state,
      trigger: operatorEventTrigger(action),
      detail: { operator_id: operator.id, operator_email: operator.email, ...detail },
      at,
    });
  }
}
