import { type StatementContent } from './account-statement.schema';
import { type StatementField } from './statement-field';

/** A statement value as the connector protocol carries it: the plain value, null when not communicated. */
export type Plain<T> =
  T extends StatementField<infer V>
    ? Plain<V> | null
    : T extends (infer I)[]
      ? Plain<I>[]
      : T extends object
        ? { [K in keyof T]: Plain<T[K]> }
        : T;

/** The statement of the connector protocol (`GET /api/v1/statement`), as an extranet sends it. */
export type WireStatement = Plain<StatementContent>;
