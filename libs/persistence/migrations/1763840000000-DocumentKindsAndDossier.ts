import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Documents get their finer kind (the état descriptif de division beside the règlement, the works plan
 * beside the DTG…; libs/orders/document-kind.ts), null for rows stored before, which read as the
 * default kind of their doctype. The dossier (the pre-statement followed by every annex) is stored as
 * a document of source 'dossier', so that a `done` notification can link it like any other document.
 */
export class DocumentKindsAndDossier1763840000000 implements MigrationInterface {
  name = 'DocumentKindsAndDossier1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents ADD COLUMN kind varchar(32) NULL`);
    await q.query(`ALTER TABLE documents DROP CONSTRAINT documents_source_check`);
    await q.query(
      `ALTER TABLE documents ADD CONSTRAINT documents_source_check
         CHECK (source IN ('extranet', 'upload', 'dossier'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM documents WHERE source = 'dossier'`);
    await q.query(`ALTER TABLE documents DROP CONSTRAINT documents_source_check`);
    await q.query(
      `ALTER TABLE documents ADD CONSTRAINT documents_source_check CHECK (source IN ('extranet', 'upload'))`,
    );
    await q.query(`ALTER TABLE documents DROP COLUMN kind`);
  }
}
