import { type WireStatement } from '@libs/statement/wire-statement';
import {
  type CoOwnershipFixture,
  type LotFixture,
  type SellerLotAccount,
} from './fixtures/co-ownership.fixture';

type Cents = number | null;
type SellerLot = LotFixture & { sellerAccount: SellerLotAccount };

/** One call for funds of the current fiscal year, co-ownership totals. */
interface CallForFunds {
  dueDate: string;
  budget: number;
  horsBudget: number;
}

/**
 * The seller's account statement as the extranet shows it, restricted to `requestedLots` when given.
 * Lots that are not the seller's are ignored, as a real extranet only shows its user's own lots.
 * Per-lot figures are the co-ownership's times the lot's tantièmes over the building's.
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
  // An amount a lot's account does not mention is 0; one it gives as null is not communicated.
  const sum = (amountOf: (lot: SellerLot) => Cents | undefined): Cents =>
    sumCents(lots.map((lot) => (amountOf(lot) === undefined ? 0 : (amountOf(lot) as Cents))));
  const sumOfLots = (total: number): Cents => sum((lot) => shareOf(lot, total));
  const schedule = callsOfTheYear(fixture);
  const isDue = (call: CallForFunds) => call.dueDate <= fixture.statementDate;
  // What the seller's account shows as due: calls past their date, and all of them after a forfeiture.
  const dueFor = (lot: SellerLot) =>
    schedule.filter(
      (call, index) =>
        (isDue(call) || lot.sellerAccount.forfeitureOfTerm === true) && index >= lot.sellerAccount.paidCalls,
    );
  const madeDueEarly = (lot: SellerLot) =>
    lot.sellerAccount.forfeitureOfTerm === true ? schedule.filter((call) => !isDue(call)) : [];
  const notYetDue = (lot: SellerLot) =>
    lot.sellerAccount.forfeitureOfTerm === true ? [] : schedule.filter((call) => !isDue(call));
  const callsTotal = (calls: readonly CallForFunds[], lot: SellerLot, part: 'budget' | 'horsBudget') =>
    sumAmounts(calls.map((call) => shareOf(lot, call[part])));
  // The voted works' calls after a date: those of later fiscal years are provisions not yet due too.
  const worksCallsAfter = (date: string) =>
    sumAmounts(
      fixture.votedWorks
        .flatMap((work) => work.calls.filter((call) => call.dueDate > date))
        .map((call) => call.amount),
    );
  const horsBudgetNotYetDue = (lot: SellerLot) =>
    lot.sellerAccount.forfeitureOfTerm === true
      ? shareOf(lot, worksCallsAfter(fixture.coOwnership.currentFiscalYear.end))
      : shareOf(lot, worksCallsAfter(fixture.statementDate));
  const annualBudget = sumAmounts(schedule.map((call) => call.budget));

  const sellerOwes = {
    budgetProvisionsDue: sum((lot) => callsTotal(dueFor(lot), lot, 'budget')),
    horsBudgetProvisionsDue: sum((lot) => callsTotal(dueFor(lot), lot, 'horsBudget')),
    unpaidPreviousYears: sum((lot) => lot.sellerAccount.unpaidPreviousYears),
    article33Instalments: sum((lot) => lot.sellerAccount.article33Instalments),
    advancesDue: sum((lot) => lot.sellerAccount.advancesDue),
    otherSumsDue: sum((lot) => lot.sellerAccount.otherSumsDue),
  };
  const creditBalance = sum((lot) => lot.sellerAccount.creditBalance);
  const worksFund = fixture.worksFund;
  const { syndicName, ...coOwnership } = fixture.coOwnership;
  const [lastMeeting] = fixture.generalMeetings.held;
  const mostRecentClosedYear = fixture.closedFiscalYears[0];

  return {
    statementDate: fixture.statementDate,
    coOwnership: {
      ...coOwnership,
      currentFiscalYear: { ...coOwnership.currentFiscalYear },
      totalShares: fixture.totalShares,
    },
    building: {
      ...fixture.building,
      energyPerformance: fixture.building.energyPerformance && { ...fixture.building.energyPerformance },
      worksPlan: { ...fixture.building.worksPlan },
    },
    syndic: { name: syndicName, ...fixture.syndic },
    generalMeetings: {
      last: lastMeeting ?? null,
      next: fixture.generalMeetings.next,
      held: [...fixture.generalMeetings.held],
    },
    rulesAmendments: fixture.rulesAmendments.map((amendment) => ({ ...amendment })),
    documentsNotExisting: [...fixture.documentsNotExisting],
    lots: lots.map((lot) => ({
      number: lot.number,
      description: lot.description,
      nature: lot.nature,
      shares: lot.shares,
      annualBudgetShare: shareOf(lot, annualBudget),
      worksFundShare: worksFund === null ? null : shareOf(lot, worksFund.balance),
      owners: lot.owners.map((owner) => ({ ...owner })),
    })),
    // The article 33 instalments fall due with the sale: they are not on the account yet.
    sellerBalance: subtract(
      sumCents([
        sellerOwes.budgetProvisionsDue,
        sellerOwes.horsBudgetProvisionsDue,
        sellerOwes.unpaidPreviousYears,
        sellerOwes.advancesDue,
        sellerOwes.otherSumsDue,
      ]),
      creditBalance,
    ),
    sellerOwes,
    syndicateOwes: {
      advances: sum((lot) => lot.sellerAccount.advances),
      provisionsMadeDueEarly: sum(
        (lot) =>
          callsTotal(madeDueEarly(lot), lot, 'budget') + callsTotal(madeDueEarly(lot), lot, 'horsBudget'),
      ),
      creditBalance,
    },
    buyerWillBear: {
      // The buyer pays back the seller's advances to the syndicate.
      advancesToReconstitute: sum((lot) => lot.sellerAccount.advances),
      budgetProvisionsNotYetDue: sum((lot) => callsTotal(notYetDue(lot), lot, 'budget')),
      horsBudgetProvisionsNotYetDue: sum(horsBudgetNotYetDue),
    },
    chargesHistory: fixture.closedFiscalYears.map((year) => {
      const budgetCalled = sumOfLots(year.budgetCalled);
      // What the seller left unpaid belongs to the most recent closed year.
      const unpaid = year === mostRecentClosedYear ? sellerOwes.unpaidPreviousYears : 0;
      return {
        fiscalYear: { ...year.fiscalYear },
        budgetCalled,
        budgetPaid: subtract(budgetCalled, unpaid),
        horsBudgetCalled: sumOfLots(year.horsBudgetCalled),
        horsBudgetPaid: sumOfLots(year.horsBudgetCalled),
      };
    }),
    callsForFunds: schedule.map((call) => ({
      dueDate: call.dueDate,
      budget: sumOfLots(call.budget),
      horsBudget: sumOfLots(call.horsBudget),
    })),
    syndicate: {
      lastApprovedFiscalYearEnd: fixture.lastApprovedFiscalYearEnd,
      budget: annualBudget,
      unpaidCharges: fixture.syndicateUnpaidCharges,
      supplierDebt: fixture.supplierDebt,
    },
    worksFund: {
      exists: worksFund !== null,
      lotShare: worksFund === null ? null : sumOfLots(worksFund.balance),
      lastContribution: worksFund === null ? null : sumOfLots(worksFund.lastCall),
      lastContributionDate: worksFund?.lastCallDate ?? null,
    },
    votedWorks: fixture.votedWorks.map((work) => {
      const called = work.calls.filter((call) => call.dueDate <= fixture.statementDate);
      return {
        resolution: work.resolution,
        meetingDate: work.meetingDate,
        total: work.total,
        lotShare: sumOfLots(work.total),
        called: sumOfLots(sumAmounts(called.map((call) => call.amount))),
        toCall: subtract(sumOfLots(work.total), sumOfLots(sumAmounts(called.map((call) => call.amount)))),
      };
    }),
    loans: fixture.loans.map((loan) => ({
      purpose: loan.purpose,
      lender: loan.lender,
      total: loan.total,
      lotShareRemaining: sumOfLots(loan.remaining),
      endDate: loan.endDate,
    })),
    procedures: fixture.procedures.map((procedure) => ({ ...procedure })),
  };
}

/**
 * The current fiscal year's calls: the budget's, each with the voted works' calls of its date as its
 * hors-budget part; a works call on another date of the year is a call of its own.
 */
function callsOfTheYear(fixture: CoOwnershipFixture): CallForFunds[] {
  const { start, end } = fixture.coOwnership.currentFiscalYear;
  const worksCalls = fixture.votedWorks
    .flatMap((work) => work.calls)
    .filter((call) => call.dueDate >= start && call.dueDate <= end);
  const dates = [...new Set([...fixture.callsForFunds, ...worksCalls].map((call) => call.dueDate))].sort();
  return dates.map((dueDate) => ({
    dueDate,
    budget: sumAmounts(
      fixture.callsForFunds.filter((call) => call.dueDate === dueDate).map((call) => call.budget),
    ),
    horsBudget: sumAmounts(worksCalls.filter((call) => call.dueDate === dueDate).map((call) => call.amount)),
  }));
}

export function normaliseLotNumber(value: string): string {
  return value.trim().toLowerCase();
}

/** Unknown as soon as one part is unknown; unknown too when no lot is selected (nothing was communicated). */
function sumCents(amounts: readonly Cents[]): Cents {
  if (amounts.length === 0 || amounts.some((amount) => amount === null)) return null;
  return (amounts as number[]).reduce((total, amount) => total + amount, 0);
}

function sumAmounts(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

function subtract(a: Cents, b: Cents): Cents {
  return a === null || b === null ? null : a - b;
}
