import { isDoctype } from '@libs/orders/doctype';
import {
  type AccountStatement,
  type Cents,
  type CoOwnership,
  type FiscalYear,
  type FiscalYearCharges,
  type Lot,
} from './account-statement';
import { type ExtranetDocument } from './extranet-document';
import { ExtranetUnavailableError } from './extranet-errors';

/*
 * Reads the JSON answers of the extranet protocol (apps/extranet-sandbox/README.md). Whatever comes off
 * the wire is checked field by field and copied into fresh objects, so a malformed answer becomes an
 * ExtranetUnavailableError naming the faulty field instead of a crash or a wrong figure in a notary's
 * document, and unknown fields never travel further.
 */

export function parseSessionPayload(body: unknown): string {
  return new PayloadReader(body, 'session').field('token').nonEmptyString();
}

export function parseStatementPayload(body: unknown): AccountStatement {
  const statement = new PayloadReader(body, 'statement');
  const sellerOwes = statement.field('sellerOwes');
  const syndicateOwes = statement.field('syndicateOwes');
  const buyerWillBear = statement.field('buyerWillBear');
  const worksFund = statement.field('worksFund');
  return {
    statementDate: statement.field('statementDate').date(),
    coOwnership: readCoOwnership(statement.field('coOwnership')),
    lots: statement.field('lots').array(readLot),
    sellerOwes: {
      budgetProvisionsDue: sellerOwes.field('budgetProvisionsDue').cents(),
      horsBudgetProvisionsDue: sellerOwes.field('horsBudgetProvisionsDue').cents(),
      unpaidPreviousYears: sellerOwes.field('unpaidPreviousYears').cents(),
      otherSumsDue: sellerOwes.field('otherSumsDue').cents(),
    },
    syndicateOwes: {
      advances: syndicateOwes.field('advances').cents(),
      creditBalance: syndicateOwes.field('creditBalance').cents(),
    },
    buyerWillBear: {
      advancesToReconstitute: buyerWillBear.field('advancesToReconstitute').cents(),
      provisionsNotYetDue: buyerWillBear.field('provisionsNotYetDue').cents(),
    },
    chargesHistory: statement.field('chargesHistory').array(readFiscalYearCharges),
    syndicateUnpaidCharges: statement.field('syndicateUnpaidCharges').cents(),
    supplierDebt: statement.field('supplierDebt').cents(),
    worksFund: {
      lotShare: worksFund.field('lotShare').cents(),
      lastContribution: worksFund.field('lastContribution').cents(),
    },
  };
}

export function parseDocumentListPayload(body: unknown): ExtranetDocument[] {
  return new PayloadReader(body, 'documentList').field('documents').array(readDocument);
}

function readCoOwnership(reader: PayloadReader): CoOwnership {
  return {
    name: reader.field('name').nonEmptyString(),
    address: reader.field('address').string(),
    zipcode: reader.field('zipcode').string(),
    city: reader.field('city').string(),
    registrationNumber: reader.field('registrationNumber').nullableString(),
    syndicName: reader.field('syndicName').string(),
    currentFiscalYear: readFiscalYear(reader.field('currentFiscalYear')),
  };
}

function readLot(reader: PayloadReader): Lot {
  return {
    number: reader.field('number').nonEmptyString(),
    description: reader.field('description').string(),
    shares: reader.field('shares').nullableInteger(),
    owners: reader.field('owners').array((owner) => ({
      firstname: owner.field('firstname').string(),
      lastname: owner.field('lastname').string(),
    })),
  };
}

function readFiscalYear(reader: PayloadReader): FiscalYear {
  return { start: reader.field('start').date(), end: reader.field('end').date() };
}

function readFiscalYearCharges(reader: PayloadReader): FiscalYearCharges {
  return {
    fiscalYear: readFiscalYear(reader.field('fiscalYear')),
    budgetCalled: reader.field('budgetCalled').cents(),
    budgetActual: reader.field('budgetActual').cents(),
    horsBudgetCalled: reader.field('horsBudgetCalled').cents(),
    horsBudgetActual: reader.field('horsBudgetActual').cents(),
  };
}

function readDocument(reader: PayloadReader): ExtranetDocument {
  const doctype = reader.field('doctype');
  if (!isDoctype(doctype.value)) throw doctype.invalid('a doctype code from 1 to 10');
  const size = reader.field('size').nullableInteger();
  if (size === null || size < 0) throw reader.field('size').invalid('a non-negative integer');
  return {
    id: reader.field('id').nonEmptyString(),
    doctype: doctype.value,
    title: reader.field('title').string(),
    date: reader.field('date').date(),
    mimetype: reader.field('mimetype').nonEmptyString(),
    size,
  };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A value at a known path of the answer, so errors can say which field is wrong. */
class PayloadReader {
  constructor(
    readonly value: unknown,
    private readonly path: string,
  ) {}

  field(name: string): PayloadReader {
    if (typeof this.value !== 'object' || this.value === null || Array.isArray(this.value)) {
      throw this.invalid('an object');
    }
    const own = Object.prototype.hasOwnProperty.call(this.value, name);
    return new PayloadReader(
      own ? (this.value as Record<string, unknown>)[name] : undefined,
      `${this.path}.${name}`,
    );
  }

  array<T>(readItem: (item: PayloadReader) => T): T[] {
    if (!Array.isArray(this.value)) throw this.invalid('an array');
    return this.value.map((item, index) => readItem(new PayloadReader(item, `${this.path}[${index}]`)));
  }

  string(): string {
    if (typeof this.value !== 'string') throw this.invalid('a string');
    return this.value;
  }

  nonEmptyString(): string {
    if (typeof this.value !== 'string' || this.value.trim() === '') throw this.invalid('a non-empty string');
    return this.value;
  }

  nullableString(): string | null {
    return this.value === null ? null : this.string();
  }

  nullableInteger(): number | null {
    if (this.value === null) return null;
    if (typeof this.value !== 'number' || !Number.isSafeInteger(this.value)) {
      throw this.invalid('an integer or null');
    }
    return this.value;
  }

  cents(): Cents {
    if (this.value === null) return null;
    if (typeof this.value !== 'number' || !Number.isSafeInteger(this.value)) {
      throw this.invalid('an integer amount in cents or null');
    }
    return this.value;
  }

  date(): string {
    const match = typeof this.value === 'string' ? ISO_DATE.exec(this.value) : null;
    if (match) {
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = new Date(Date.UTC(year, month - 1, day));
      if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) {
        return this.value as string;
      }
    }
    throw this.invalid('a date YYYY-MM-DD');
  }

  invalid(expected: string): ExtranetUnavailableError {
    return new ExtranetUnavailableError(
      `The extranet sent a malformed answer: ${this.path} is not ${expected}`,
    );
  }
}
