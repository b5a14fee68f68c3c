import { type AccountStatement } from '@libs/statement/account-statement';
import { type StatementField, confirmed, valueOf } from '@libs/statement/statement-field';
import { type Doctype } from '../doctype';
import { DOCUMENT_KINDS, type DocumentKind, defaultKind } from '../document-kind';

/** An operator's marks: false "does not exist in this co-ownership", true "exists" (docs/contract.md §9). */
export type DocumentExistenceMarks = Partial<Record<DocumentKind, boolean>>;

/**
 * The document kinds that do not exist in the co-ownership: what the statement says (a connector's, or
 * the one an operator filed), with an operator's marks over it. Such a document is not "missing".
 */
export function kindsNotExisting(
  statement: Pick<AccountStatement, 'documentsNotExisting'> | null,
  marks: DocumentExistenceMarks,
): Set<DocumentKind> {
  const kinds = new Set(valueOf(statement?.documentsNotExisting) ?? []);
  for (const kind of DOCUMENT_KINDS) {
    if (marks[kind] === false) kinds.add(kind);
    if (marks[kind] === true) kinds.delete(kind);
  }
  return kinds;
}

/** The statement's list of kinds not existing, with the operator's marks applied (for the document). */
export function withExistenceMarks<S extends Pick<AccountStatement, 'documentsNotExisting'>>(
  statement: S,
  marks: DocumentExistenceMarks,
): S {
  if (Object.keys(marks).length === 0) return statement;
  const kinds = kindsNotExisting(statement, marks);
  const field: StatementField<DocumentKind[]> = confirmed(
    DOCUMENT_KINDS.filter((kind) => kinds.has(kind)),
    statement.documentsNotExisting.source,
  );
  return { ...statement, documentsNotExisting: field };
}

/** Required types without a document, a type whose kind does not exist in the co-ownership aside. */
export function missingRequiredDoctypes(
  required: readonly Doctype[],
  present: ReadonlySet<Doctype>,
  notExisting: ReadonlySet<DocumentKind>,
): Doctype[] {
  return required.filter((doctype) => !present.has(doctype) && !notExisting.has(defaultKind(doctype)));
}
