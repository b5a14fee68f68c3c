import { Doctype } from './doctype';

/**
 * What a document is, finer than the published `doctype` (1..10): the law names documents that the
 * published table lumps together (the état descriptif de division and its modifying acts beside the
 * règlement, the plan pluriannuel de travaux beside the DTG…). The pre-statement reasons on kinds;
 * clients only ever receive the published code of a kind (`publishedDoctype`), so they keep working.
 */
export const DOCUMENT_KINDS = [
  'summary-sheet',
  'minutes',
  'rules',
  'division',
  'rules-and-division',
  'rules-amendment',
  'dtg',
  'works-plan',
  'works-plan-project',
  'energy-audit',
  'energy-performance',
  'dta',
  'crep',
  'maintenance-log',
  'plans',
  'registration',
  'other',
] as const;

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const PUBLISHED_DOCTYPE: Readonly<Record<DocumentKind, Doctype>> = {
  'summary-sheet': Doctype.SummarySheet,
  minutes: Doctype.Minutes,
  rules: Doctype.CoOwnershipRules,
  division: Doctype.CoOwnershipRules,
  'rules-and-division': Doctype.CoOwnershipRules,
  'rules-amendment': Doctype.CoOwnershipRules,
  dtg: Doctype.Diagnostic,
  'works-plan': Doctype.Diagnostic,
  'works-plan-project': Doctype.Diagnostic,
  'energy-audit': Doctype.Diagnostic,
  'energy-performance': Doctype.Diagnostic,
  dta: Doctype.AsbestosDiagnostic,
  crep: Doctype.LeadDiagnostic,
  'maintenance-log': Doctype.MaintenanceLog,
  plans: Doctype.Plans,
  registration: Doctype.Registration,
  other: Doctype.Other,
};

/**
 * The kind a document is listed under when only its published code is known (an upload, an extranet
 * without kinds). For codes 3 and 4, which have several kinds, it is a guess: see `statedKind`.
 */
const DEFAULT_KIND: Readonly<Record<Doctype, DocumentKind>> = {
  [Doctype.SummarySheet]: 'summary-sheet',
  [Doctype.Minutes]: 'minutes',
  [Doctype.CoOwnershipRules]: 'rules',
  [Doctype.Diagnostic]: 'dtg',
  [Doctype.AsbestosDiagnostic]: 'dta',
  [Doctype.LeadDiagnostic]: 'crep',
  [Doctype.MaintenanceLog]: 'maintenance-log',
  [Doctype.Plans]: 'plans',
  [Doctype.Registration]: 'registration',
  [Doctype.Other]: 'other',
};

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);
}

export function publishedDoctype(kind: DocumentKind): Doctype {
  return PUBLISHED_DOCTYPE[kind];
}

export function defaultKind(doctype: Doctype): DocumentKind {
  return DEFAULT_KIND[doctype];
}

/** The kind of a stored document: its own when recorded, else the default of its published code. */
export function kindOf(document: { doctype: Doctype; kind?: string | null }): DocumentKind {
  return statedKind(document) ?? defaultKind(document.doctype);
}

/**
 * What a stored document is known to be: its kind when recorded, the only kind of its published code
 * (a doctype 2 is minutes), or null when its code has several kinds and nobody said which. A doctype 4
 * may be a DTG, a works plan, an energy audit or a DPE; a doctype 3 the règlement with or without the
 * état descriptif de division, or a modifying act: such a document must not be taken for one of them.
 */
export function statedKind(document: { doctype: Doctype; kind?: string | null }): DocumentKind | null {
  if (isDocumentKind(document.kind) && publishedDoctype(document.kind) === document.doctype) {
    return document.kind;
  }
  return hasSeveralKinds(document.doctype) ? null : defaultKind(document.doctype);
}

/** Whether a published code covers several kinds (3 and 4), so that the code alone does not tell the kind. */
export function hasSeveralKinds(doctype: Doctype): boolean {
  return kindsOf(doctype).length > 1;
}

/** The kinds published under a code, in the order of `DOCUMENT_KINDS`. */
export function kindsOf(doctype: Doctype): DocumentKind[] {
  return DOCUMENT_KINDS.filter((kind) => PUBLISHED_DOCTYPE[kind] === doctype);
}
