import { type WireStatement } from '@libs/statement/wire-statement';

type Cents = number | null;
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
): WireStatement {
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

  const { syndicName, ...coOwnership } = fixture.coOwnership;
  return {
    statementDate: fixture.statementDate,
    coOwnership: {
      ...coOwnership,
      currentFiscalYear: { ...coOwnership.currentFiscalYear },
      totalShares: fixture.totalShares,
    },
    building: {
      completionYear: null,
      lotCount: null,
      heating: null,
      lift: null,
      energyPerformance: null,
      energyAudit: null,
      safeguardPlan: null,
      perilOrder: null,
      worksPlan: null,
    },
    syndic: { name: syndicName, address: null, phone: null, email: null, mandateEnd: null },
    generalMeetings: { last: null, next: null, held: null },
    rulesAmendments: null,
    documentsNotExisting: null,
    lots: lots.map((lot) => ({
      number: lot.number,
      description: lot.description,
      nature: null,
      shares: lot.shares,
      annualBudgetShare: null,
      worksFundShare: null,
      owners: lot.owners.map((owner) => ({ ...owner })),
    })),
    sellerBalance: null,
    sellerOwes: {
      budgetProvisionsDue: sum((lot) =>
        sumShares(unpaidDueCalls(lot).map((call) => shareOf(lot, call.budget))),
      ),
      horsBudgetProvisionsDue: sum((lot) =>
        sumShares(unpaidDueCalls(lot).map((call) => shareOf(lot, call.horsBudget))),
      ),
      unpaidPreviousYears: sum((lot) => lot.sellerAccount.unpaidPreviousYears),
      article33Instalments: null,
      advancesDue: null,
      otherSumsDue: sum((lot) => lot.sellerAccount.otherSumsDue),
    },
    syndicateOwes: {
      advances: sum((lot) => lot.sellerAccount.advances),
      provisionsMadeDueEarly: null,
      creditBalance: sum((lot) => lot.sellerAccount.creditBalance),
    },
    buyerWillBear: {
      // The buyer pays back the seller's advances to the syndicate.
      advancesToReconstitute: sum((lot) => lot.sellerAccount.advances),
      budgetProvisionsNotYetDue: sum((lot) =>
        sumShares(callsNotYetDue.map((call) => shareOf(lot, call.budget))),
      ),
      horsBudgetProvisionsNotYetDue: sum((lot) =>
        sumShares(callsNotYetDue.map((call) => shareOf(lot, call.horsBudget))),
      ),
    },
    chargesHistory: fixture.closedFiscalYears.map((year) => ({
      fiscalYear: { ...year.fiscalYear },
      budgetCalled: sum((lot) => shareOf(lot, year.budgetCalled)),
      budgetPaid: null,
      horsBudgetCalled: sum((lot) => shareOf(lot, year.horsBudgetCalled)),
      horsBudgetPaid: null,
    })),
    callsForFunds: null,
    syndicate: {
      lastApprovedFiscalYearEnd: null,
      budget: null,
      unpaidCharges: fixture.syndicateUnpaidCharges,
      supplierDebt: fixture.supplierDebt,
    },
    worksFund: {
      exists: true,
      lotShare: sum((lot) => shareOf(lot, fixture.worksFund.balance)),
      lastContribution: sum((lot) => shareOf(lot, fixture.worksFund.lastCall)),
      lastContributionDate: null,
    },
    votedWorks: null,
    loans: null,
    procedures: null,
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
