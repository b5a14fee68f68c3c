import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { type AssistanceReason, type FulfilmentMode } from '@libs/fulfilment/fulfilment-mode';
import { type Doctype } from '@libs/orders/doctype';
import { type DocumentKind } from '@libs/orders/document-kind';
import { type OrderState } from '@libs/orders/order-state';

export interface PersonName {
  firstname: string;
  lastname: string;
}

export interface InvoiceParty {
  address: string;
  city: string;
  zipcode: string;
  lastname: string;
}

@Entity({ name: 'orders' })
@Index('orders_account_created_idx', ['accountId', 'createdAt', 'orderid'])
@Index('orders_account_external_idx', ['accountId', 'externalId'])
export class OrderEntity {
  @PrimaryColumn({ type: 'char', length: 6 })
  orderid!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  /** Client reference, always a string ('' when none was given). */
  @Column({ name: 'external_id', type: 'varchar', length: 255, default: '' })
  externalId!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: OrderState;

  @Column({ name: 'test_mode', type: 'boolean', default: false })
  testMode!: boolean;

  @Column({ type: 'boolean', default: false })
  refreshed!: boolean;

  @Column({ type: 'varchar', length: 16 })
  method!: 'extranet' | 'upload';

  @Column({ type: 'varchar', length: 500 })
  address!: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  additional!: string;

  @Column({ type: 'varchar', length: 200 })
  city!: string;

  @Column({ type: 'char', length: 5 })
  zipcode!: string;

  @Column({ type: 'jsonb' })
  owners!: PersonName[];

  @Column({ type: 'jsonb' })
  invoice!: InvoiceParty;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lots!: string | null;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  @Column({ name: 'all_due_paid', type: 'boolean', default: false })
  allDuePaid!: boolean;

  /** Per-order override of the account's callback URL. */
  @Column({ name: 'callback_url', type: 'varchar', length: 2048, nullable: true })
  callbackUrl!: string | null;

  @Column({ name: 'syndic_name', type: 'varchar', length: 255, nullable: true })
  syndicName!: string | null;

  @Column({ name: 'syndic_username', type: 'varchar', length: 255, nullable: true })
  syndicUsername!: string | null;

  /** Sealed with the secret box: the database never holds the password in clear. */
  @Column({ name: 'syndic_password_sealed', type: 'text', nullable: true })
  syndicPasswordSealed!: string | null;

  @Column({ name: 'syndic_url', type: 'varchar', length: 2048, nullable: true })
  syndicUrl!: string | null;

  /** Collection round: 1 at creation, +1 at each refresh. */
  @Column({ type: 'int', default: 1 })
  version!: number;

  /**
   * The account statement collected for `statementVersion`, as stored: read it with
   * `readStoredStatement` (libs/statement), which also reads the shape of earlier versions.
   */
  @Column({ type: 'jsonb', nullable: true })
  statement!: object | null;

  @Column({ name: 'statement_version', type: 'int', nullable: true })
  statementVersion!: number | null;

  /** Required document types still absent at the last collection. */
  @Column({ name: 'missing_doctypes', type: 'jsonb', default: () => "'[]'::jsonb" })
  missingDoctypes!: Doctype[];

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt!: Date | null;

  /** The confirmation email of a live order went out (sent once, activity retries included). */
  @Column({ name: 'confirmation_email_sent_at', type: 'timestamptz', nullable: true })
  confirmationEmailSentAt!: Date | null;

  /** The order's workflows were started (null: still to be started by the relay or the sweep). */
  @Column({ name: 'workflow_started_at', type: 'timestamptz', nullable: true })
  workflowStartedAt!: Date | null;

  /**
   * How the order is fulfilled (docs/contract.md §9): null until its workflow routes it (test-mode
   * orders are never routed: the sandbox serves them).
   */
  @Column({ name: 'fulfilment_mode', type: 'varchar', length: 16, nullable: true })
  fulfilmentMode!: FulfilmentMode | null;

  /** Why the order needs a person, while it is assisted (libs/fulfilment/fulfilment-mode.ts). */
  @Column({ name: 'assistance_reason', type: 'varchar', length: 32, nullable: true })
  assistanceReason!: AssistanceReason | null;

  /** For operators, in English; never a secret. */
  @Column({ name: 'assistance_detail', type: 'text', nullable: true })
  assistanceDetail!: string | null;

  /** Since when the order is assisted: the age shown in the work queue. */
  @Column({ name: 'assisted_since', type: 'timestamptz', nullable: true })
  assistedSince!: Date | null;

  /**
   * Document kinds an operator marked: false "does not exist in this co-ownership", true "exists" (a
   * mark withdrawn, or overriding the statement's list). The statement's own list applies otherwise.
   */
  @Column({ name: 'document_existence', type: 'jsonb', default: () => "'{}'::jsonb" })
  documentExistence!: Partial<Record<DocumentKind, boolean>>;

  /** An operator cancelled the order's fulfilment (it rests until the client refreshes it). */
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
