/**
 * Printed for every value that was not obtained. The contract forbids 0 or "néant" there: a notary
 * must be able to tell "nothing is owed" from "we do not know".
 */
export const NOT_COMMUNICATED = 'non communiqué';
