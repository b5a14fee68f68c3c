/**
 * What a co-owner's extranet space tells about the co-ownership and the seller's lots.
 * Amounts are integer euro cents; `null` means the extranet did not give the value
 * (printed "non communiqué", never 0).
 */
export type Cents = number | null;

export interface FiscalYear {
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
}

export interface CoOwnership {
  name: string;
  address: string;
  zipcode: string;
  city: string;
  /** Numéro d'immatriculation au registre national des copropriétés. */
  registrationNumber: string | null;
  syndicName: string;
  currentFiscalYear: FiscalYear;
}

export interface Lot {
  number: string;
  description: string;
  /** Tantièmes généraux. */
  shares: number | null;
  owners: { firstname: string; lastname: string }[];
}

export interface FiscalYearCharges {
  fiscalYear: FiscalYear;
  budgetCalled: Cents;
  budgetActual: Cents;
  horsBudgetCalled: Cents;
  horsBudgetActual: Cents;
}

export interface AccountStatement {
  /** Date of the account statement the figures come from, YYYY-MM-DD. */
  statementDate: string;
  coOwnership: CoOwnership;
  lots: Lot[];
  /** Part 1: sums owed by the seller to the syndicate. */
  sellerOwes: {
    budgetProvisionsDue: Cents;
    horsBudgetProvisionsDue: Cents;
    unpaidPreviousYears: Cents;
    otherSumsDue: Cents;
  };
  /** Part 2: sums the syndicate may owe the seller. */
  syndicateOwes: {
    advances: Cents;
    creditBalance: Cents;
  };
  /** Part 3: sums that will fall on the buyer. */
  buyerWillBear: {
    advancesToReconstitute: Cents;
    provisionsNotYetDue: Cents;
  };
  /** Charges paid by the seller for the last two fiscal years, most recent first. */
  chargesHistory: FiscalYearCharges[];
  syndicateUnpaidCharges: Cents;
  supplierDebt: Cents;
  worksFund: {
    lotShare: Cents;
    lastContribution: Cents;
  };
}
