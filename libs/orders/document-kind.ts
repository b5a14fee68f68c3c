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
  dta: Doctype.AsbestosDiagnostic,
  crep: Doctype.LeadDiagnostic,
  'maintenance-log': Doctype.MaintenanceLog,
  plans: Doctype.Plans,
  registration: Doctype.Registration,
  other: Doctype.Other,
};

/** The kind a document has when only its published code is known (an upload, an extranet without kinds). */
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
  return isDocumentKind(document.kind) && publishedDoctype(document.kind) === document.doctype
    ? document.kind
    : defaultKind(document.doctype);
}
