import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type Doctype } from '@libs/orders/doctype';
import { type DocumentKind } from '@libs/orders/document-kind';

/** A co-ownership document collected for an order version (downloaded or uploaded). */
@Entity({ name: 'documents' })
export class StoredDocumentEntity {
  /** Stable integer id, the `id` of the notification's document objects. */
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'char', length: 6 })
  orderid!: string;

  @Column({ name: 'order_version', type: 'int' })
  orderVersion!: number;

  /**
   * `dossier`: the pre-statement with every annex, built by the service for the order version;
   * `operator`: attached by an operator through the console (assisted fulfilment).
   */
  @Column({ type: 'varchar', length: 16 })
  source!: 'extranet' | 'upload' | 'dossier' | 'operator';

  /** The extranet's document id, or an upload's content hash: never stored twice per version. */
  @Column({ name: 'source_ref', type: 'varchar', length: 255 })
  sourceRef!: string;

  @Column({ type: 'smallint' })
  doctype!: Doctype;

  /** Finer than `doctype` (libs/orders/document-kind.ts); null: the default kind of `doctype`. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  kind!: DocumentKind | null;

  @Column({ type: 'varchar', length: 500 })
  title!: string;

  @Column({ type: 'varchar', length: 255 })
  filename!: string;

  /** YYYY-MM-DD */
  @Column({ name: 'document_date', type: 'date', nullable: true })
  documentDate!: string | null;

  @Column({ type: 'varchar', length: 127 })
  mimetype!: string;

  @Column({ type: 'int' })
  size!: number;

  @Column({ type: 'char', length: 64 })
  sha256!: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 500 })
  storageKey!: string;

  /**
   * Stored but not part of the order yet: an operator's attachment until the order's workflow accepts
   * it (a refused one never counts, nor shows to the client).
   */
  @Column({ type: 'boolean', default: false })
  pending!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
