import { Doctype } from './doctype';
import { type DocumentKind } from './document-kind';

/** How each document type is named in the pre-statement's list of annexes. */
export const DOCTYPE_LABELS: Readonly<Record<Doctype, string>> = {
  [Doctype.SummarySheet]: 'Fiche synthétique',
  [Doctype.Minutes]: "Procès-verbal d'assemblée générale",
  [Doctype.CoOwnershipRules]: 'Règlement de copropriété',
  [Doctype.Diagnostic]: 'Diagnostic technique global',
  [Doctype.AsbestosDiagnostic]: 'Diagnostic amiante',
  [Doctype.LeadDiagnostic]: 'Diagnostic plomb',
  [Doctype.MaintenanceLog]: "Carnet d'entretien",
  [Doctype.Plans]: 'Plans',
  [Doctype.Registration]: "Justificatif d'immatriculation",
  [Doctype.Other]: 'Autre document',
};

export function doctypeLabel(doctype: Doctype): string {
  return DOCTYPE_LABELS[doctype];
}

/** How each document kind is named in the list of annexes: finer than the published type. */
export const KIND_LABELS: Readonly<Record<DocumentKind, string>> = {
  'summary-sheet': 'Fiche synthétique',
  minutes: "Procès-verbal d'assemblée générale",
  rules: 'Règlement de copropriété',
  division: 'État descriptif de division',
  'rules-and-division': 'Règlement de copropriété et état descriptif de division',
  'rules-amendment': 'Acte modificatif publié',
  dtg: 'Diagnostic technique global',
  'works-plan': 'Plan pluriannuel de travaux adopté',
  'works-plan-project': 'Projet de plan pluriannuel de travaux',
  'energy-audit': 'Audit énergétique',
  'energy-performance': 'Diagnostic de performance énergétique collectif',
  dta: 'Dossier technique amiante',
  crep: "Constat de risque d'exposition au plomb",
  'maintenance-log': "Carnet d'entretien",
  plans: 'Plans',
  registration: "Justificatif d'immatriculation",
  other: 'Autre document',
};

export function kindLabel(kind: DocumentKind): string {
  return KIND_LABELS[kind];
}

/** How a document whose code has several kinds, and whose kind nobody said, is named. */
const UNSTATED_KIND_LABELS: Readonly<Partial<Record<Doctype, string>>> = {
  [Doctype.CoOwnershipRules]: 'Règlement de copropriété (contenu non précisé)',
  [Doctype.Diagnostic]: 'Diagnostic (nature non précisée)',
};

/** The name of a document in a list of annexes: its kind's, or what its code tells when the kind is unknown. */
export function documentLabel(document: { doctype: Doctype; kind: DocumentKind | null }): string {
  if (document.kind !== null) return KIND_LABELS[document.kind];
  return UNSTATED_KIND_LABELS[document.doctype] ?? DOCTYPE_LABELS[document.doctype];
}
