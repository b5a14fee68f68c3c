/** Document type codes of the published interface (`doctype`). */
export enum Doctype {
  SummarySheet = 1,
  Minutes = 2,
  CoOwnershipRules = 3,
  Diagnostic = 4,
  AsbestosDiagnostic = 5,
  LeadDiagnostic = 6,
  MaintenanceLog = 7,
  Plans = 8,
  Registration = 9,
  Other = 10,
}

export const ALL_DOCTYPES: readonly Doctype[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Documents without which the pre-statement waits (docs/contract.md §4). */
export const REQUIRED_DOCTYPES: readonly Doctype[] = [
  Doctype.SummarySheet,
  Doctype.Minutes,
  Doctype.CoOwnershipRules,
  Doctype.MaintenanceLog,
];

export function isDoctype(value: unknown): value is Doctype {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10;
}
