import { type AccountStatement } from '@libs/statement/account-statement';
import { type StatementField, confirmed, valueOf } from '@libs/statement/statement-field';
import { Doctype } from '../doctype';
import { DOCUMENT_KINDS, type DocumentKind, defaultKind, statedKind } from '../document-kind';

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

/**
 * The kinds the order's wait does not wait for: those that do not exist (`kindsNotExisting`), and the
 * minutes of a co-ownership whose syndic says no general meeting was ever held, of which the
 * pre-statement asks for none.
 */
export function kindsNotAwaited(
  statement: Pick<AccountStatement, 'documentsNotExisting' | 'generalMeetings'> | null,
  marks: DocumentExistenceMarks,
): Set<DocumentKind> {
  const kinds = kindsNotExisting(statement, marks);
  if (statement && valueOf(statement.generalMeetings.held)?.length === 0) kinds.add('minutes');
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

/**
 * The kinds that are a required code's document, as the pre-statement checks it: the règlement (code 3)
 * is the règlement with or without the état descriptif, not a modifying act nor the état descriptif
 * alone. The other required codes have one kind.
 */
const REQUIRED_KINDS: Partial<Record<Doctype, readonly DocumentKind[]>> = {
  [Doctype.CoOwnershipRules]: ['rules', 'rules-and-division'],
};

/** Whether `document` is the required `doctype`'s document; one of unsaid kind may be it. */
function provides(document: { doctype: Doctype; kind?: string | null }, doctype: Doctype): boolean {
  if (document.doctype !== doctype) return false;
  const kind = statedKind(document);
  return kind === null || (REQUIRED_KINDS[doctype] ?? [defaultKind(doctype)]).includes(kind);
}

/**
 * Required types without their document among `documents`, a type whose kind does not exist in the
 * co-ownership aside.
 */
export function missingRequiredDoctypes(
  required: readonly Doctype[],
  documents: readonly { doctype: Doctype; kind?: string | null }[],
  notExisting: ReadonlySet<DocumentKind>,
): Doctype[] {
  return required.filter(
    (doctype) =>
      !documents.some((document) => provides(document, doctype)) && !notExisting.has(defaultKind(doctype)),
  );
}
