/**
 * One value of the account statement with how it is known (docs/contract.md §9): `confirmed` with its
 * value, or `not_communicated` (printed "non communiqué", never 0). `source` is the id of the stored
 * document a person read the value from; connectors leave it null.
 */
export type StatementField<T> =
  | { status: 'confirmed'; value: T; source: number | null }
  | { status: 'not_communicated'; value: null; source: number | null };

export const FIELD_STATUSES = ['confirmed', 'not_communicated'] as const;
export type FieldStatus = (typeof FIELD_STATUSES)[number];

export function confirmed<T>(value: T, source: number | null = null): StatementField<T> {
  return { status: 'confirmed', value, source };
}

export function notCommunicated<T = never>(source: number | null = null): StatementField<T> {
  return { status: 'not_communicated', value: null, source };
}

/** The value, null when it was not communicated (or when the field itself is absent). */
export function valueOf<T>(field: StatementField<T> | undefined | null): T | null {
  return field?.status === 'confirmed' ? field.value : null;
}

/** A confirmed value, or not communicated when the value is null or undefined. */
export function fieldOf<T>(value: T | null | undefined): StatementField<T> {
  return value === null || value === undefined ? notCommunicated() : confirmed(value);
}
