import { Doctype } from '@libs/orders/doctype';

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
