/**
 * Printed for every value that was not obtained. The contract forbids 0 or "néant" there: a notary
 * must be able to tell "nothing is owed" from "we do not know".
 */
export const NOT_COMMUNICATED = 'non communiqué';

/**
 * What every wording of a value not obtained says ("non communiqué", "Non communiqué par le syndic.",
 * "date non communiquée"): how the summary finds each one in what the document prints.
 */
export const NOT_COMMUNICATED_MENTION = /non communiqu/i;
