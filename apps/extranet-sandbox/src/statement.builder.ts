import { type AccountStatement, type Cents } from '@libs/extranet/account-statement';
import {
  type CoOwnershipFixture,
  type LotFixture,
  type SellerLotAccount,
} from './fixtures/co-ownership.fixture';

type SellerLot = LotFixture & { sellerAccount: SellerLotAccount };

/**
 * The seller's account statement as the extranet shows it, restricted to `requestedLots` when given.
 * Lots that are not the seller's are ignored, as a real extranet only shows its user's own lots.
 */
export function buildAccountStatement(
  fixture: CoOwnershipFixture,
  requestedLots: readonly string[] | null,
): AccountStatement {
  const wanted = requestedLots === null ? null : new Set(requestedLots.map(normaliseLotNumber));
  const lots = fixture.lots.filter(
    (lot): lot is SellerLot =>
      lot.sellerAccount !== undefined && (wanted === null || wanted.has(normaliseLotNumber(lot.number))),
  );
  const shareOf = (lot: LotFixture, total: number): number =>
    Math.round((total * lot.shares) / fixture.totalShares);
  const sum = (amountOf: (lot: SellerLot) => Cents): Cents => sumCents(lots.map(amountOf));
  const unpaidDueCalls = (lot: SellerLot) =>
    fixture.callsForFunds.filter(
      (call, index) => call.dueDate <= fixture.statementDate && index >= lot.sellerAccount.paidCalls,
    );
  const callsNotYetDue = fixture.callsForFunds.filter((call) => call.dueDate > fixture.statementDate);

  return {
    statementDate: fixture.statementDate,
    coOwnership: { ...fixture.coOwnership, currentFiscalYear: { ...fixture.coOwnership.currentFiscalYear } },
    lots: lots.map((lot) => ({
      number: lot.number,
      description: lot.description,
      shares: lot.shares,
      owners: lot.owners.map((owner) => ({ ...owner })),
    })),
    sellerOwes: {
      budgetProvisionsDue: sum((lot) =>
        sumShares(unpaidDueCalls(lot).map((call) => shareOf(lot, call.budget))),
      ),
      horsBudgetProvisionsDue: sum((lot) =>
        sumShares(unpaidDueCalls(lot).map((call) => shareOf(lot, call.horsBudget))),
      ),
      unpaidPreviousYears: sum((lot) => lot.sellerAccount.unpaidPreviousYears),
      otherSumsDue: sum((lot) => lot.sellerAccount.otherSumsDue),
    },
    syndicateOwes: {
      advances: sum((lot) => lot.sellerAccount.advances),
      creditBalance: sum((lot) => lot.sellerAccount.creditBalance),
    },
    buyerWillBear: {
      // The buyer pays back the seller's advances to the syndicate.
      advancesToReconstitute: sum((lot) => lot.sellerAccount.advances),
      provisionsNotYetDue: sum((lot) =>
        sumShares(callsNotYetDue.map((call) => shareOf(lot, call.budget + call.horsBudget))),
      ),
    },
    chargesHistory: fixture.closedFiscalYears.map((year) => ({
      fiscalYear: { ...year.fiscalYear },
      budgetCalled: sum((lot) => shareOf(lot, year.budgetCalled)),
      budgetActual: sum((lot) => shareOf(lot, year.budgetActual)),
      horsBudgetCalled: sum((lot) => shareOf(lot, year.horsBudgetCalled)),
      horsBudgetActual: sum((lot) => shareOf(lot, year.horsBudgetActual)),
    })),
    syndicateUnpaidCharges: fixture.syndicateUnpaidCharges,
    supplierDebt: fixture.supplierDebt,
    worksFund: {
      lotShare: sum((lot) => shareOf(lot, fixture.worksFund.balance)),
      lastContribution: sum((lot) => shareOf(lot, fixture.worksFund.lastCall)),
    },
  };
}

export function normaliseLotNumber(value: string): string {
  return value.trim().toLowerCase();
}

/** Unknown as soon as one part is unknown; unknown too when no lot is selected (nothing was communicated). */
function sumCents(amounts: readonly Cents[]): Cents {
  if (amounts.length === 0 || amounts.some((amount) => amount === null)) return null;
  return (amounts as number[]).reduce((total, amount) => total + amount, 0);
}

function sumShares(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}
