import { Doctype } from '@libs/orders/doctype';
import { type DocumentKind, defaultKind, publishedDoctype } from '@libs/orders/document-kind';
import {
  type AccountStatement,
  type CallForFunds,
  type Cents,
  FIGURE_ORIGINS,
  type FigureOrigin,
  type FiscalYear,
  type FiscalYearCharges,
  type Lot,
} from '@libs/statement/account-statement';
import { type StatementField, valueOf } from '@libs/statement/statement-field';
import { documentLabel } from '@libs/orders/document-labels';
import { formatEuros } from './euro-amount.format';
import { formatFrenchDate } from './french-date.format';
import { INFORMATION_NOTICE, type NoticeSection } from './information-notice.texts';
import { NOT_COMMUNICATED, NOT_COMMUNICATED_MENTION } from './not-communicated';
import { orderedPropertyMatch } from './ordered-property.match';
import { type PreStatementAnnex, type PreStatementInput } from './pre-statement-input';
import { PRE_STATEMENT_TEXTS as T } from './pre-statement.texts';

export interface LabelledValue {
  label: string;
  value: string;
}

/** An amount with where it comes from (the seller's account or the syndicate's accounts). */
export interface AmountLine extends LabelledValue {
  origin: string;
}

export interface AmountSection {
  lines: AmountLine[];
  /** "Total", or "Total des montants connus" when a line is not communicated. */
  totalLabel: string;
  total: string;
  /** Says what the total leaves out (unknown lines, lots absent from the account); null when nothing. */
  totalNote: string | null;
}

export interface LotLine {
  number: string;
  description: string;
  nature: string;
  shares: string;
  annualBudgetShare: string;
  worksFundShare: string;
}

export interface ChargesLine {
  fiscalYear: string;
  budgetCalled: string;
  budgetPaid: string;
  horsBudgetCalled: string;
  horsBudgetPaid: string;
}

export interface CallLine {
  dueDate: string;
  budget: string;
  horsBudget: string;
  total: string;
  party: string;
}

export type DocumentStatus = keyof typeof T.documents.statuses;

export interface DocumentCheck {
  document: string;
  status: DocumentStatus;
  statusLabel: string;
  detail: string;
}

export interface AnnexLine {
  number: number;
  type: string;
  title: string;
  date: string;
  pages: string;
}

export interface Table {
  columns: string[];
  rows: string[][];
  /** Where its figures come from (`FIGURE_ORIGINS`); null for a table of no figure. */
  source: string | null;
}

/**
 * What the pre-statement shows, every value already worded and formatted: the decisions (fallbacks,
 * totals, completeness, alerts, which party bears a call) are taken here, so the renderer only lays
 * text out.
 */
export interface PreStatementView {
  orderid: string;
  specimen: boolean;
  issuedOn: string;
  /** Names the property on every page: the co-ownership, or its address when unnamed. */
  propertyLabel: string;
  metadata: { title: string; author: string; subject: string; keywords: string };
  sourceNote: string;
  summary: {
    complete: boolean;
    headline: string;
    missing: string[];
    /**
     * Documents the ones obtained may or may not be (a kind nobody said): neither provided nor missing;
     * and the building the statement describes, when its address is not the ordered property's.
     */
    toCheck: string[];
    legalEffect: string | null;
    /** Each with where it comes from; an empty origin for what is not a figure (the property, the lots). */
    keyFigures: AmountLine[];
    alerts: string[];
  };
  identification: LabelledValue[];
  syndic: LabelledValue[];
  building: LabelledValue[];
  lots: LotLine[];
  /** What the lots' columns mean, and where their shares come from. */
  lotsNote: string;
  sellers: string[];
  /** The seller's all_due_paid declaration, worded by whether the figures confirm it; null without one. */
  allDuePaid: { text: string; contradicted: boolean } | null;
  sellerOwes: AmountSection;
  syndicateOwes: AmountSection;
  buyerWillBear: AmountSection;
  chargesHistory: ChargesLine[];
  chargesNote: string;
  syndicateFigures: AmountLine[];
  worksFund: AmountLine[];
  calls: { lines: CallLine[]; totals: LabelledValue[]; note: string } | null;
  votedWorks: Table | string;
  loans: Table | string;
  procedures: Table | string;
  documentChecks: DocumentCheck[];
  annexes: AnnexLine[];
  annexSummary: string;
  notice: { heading: string; intro: string; sections: readonly NoticeSection[] };
}

type Statement = AccountStatement;

export function buildPreStatementView(input: PreStatementInput): PreStatementView {
  const statement = input.statement;
  const context = viewContext(input);
  const annexes = numberedAnnexes(input.documents);
  const documentChecks = checkDocuments(input, annexes, context.referenceDate);
  const sellerOwes = sellerOwesSection(statement, context.lotsNotFound);
  const propertyLabel =
    nonBlank(valueOf(statement?.coOwnership.name)) ?? orNotCommunicated(buildingAddress(input));
  const countOf = (status: DocumentStatus) =>
    documentChecks.filter((check) => check.status === status).length;
  const body = {
    identification: identification(input),
    syndic: syndicLines(input),
    building: buildingLines(statement),
    lots: lotLines(statement, context),
    lotsNote: `${T.identification.lotsNote} ${T.origin.notes[FIGURE_ORIGINS['lots.annualBudgetShare']]}`,
    sellers: input.owners.length > 0 ? input.owners.map(personName) : [NOT_COMMUNICATED],
    allDuePaid: allDuePaid(input, sellerOwes, context),
    sellerOwes,
    syndicateOwes: syndicateOwesSection(statement, context.lotsNotFound),
    buyerWillBear: buyerWillBearSection(statement, context.lotsNotFound),
    chargesHistory: chargesLines(statement),
    chargesNote: withLotsLeftOut(
      `${T.financialAnnex.chargesNote} ${T.origin.notes[FIGURE_ORIGINS.chargesHistory]}`,
      context,
    ),
    syndicateFigures: syndicateFigures(statement),
    worksFund: worksFundLines(statement),
    calls: callLines(statement, context),
    votedWorks: votedWorksTable(statement, context),
    loans: loansTable(statement, context),
    procedures: proceduresTable(statement),
    documentChecks,
    annexes,
    annexSummary: T.documents.summary(
      annexes.filter((annex) => annex.joined).length,
      countOf('missing'),
      countOf('undetermined'),
    ),
  };
  const figures = keyFigures(input, context);
  // Counted on what the pages print (the calls' table reads "non communiqué" without calls), so no
  // value the document shows as unknown can be left out of the summary.
  const mentions = statement
    ? notCommunicatedMentions([body, { calls: body.calls ?? T.calls.none }, figures])
    : 0;
  return {
    orderid: input.orderid,
    specimen: input.testMode,
    issuedOn: formatFrenchDate(input.issuedAt),
    propertyLabel,
    metadata: {
      title: metadataText(`${T.title} – ${propertyLabel} – commande ${input.orderid}`),
      author: T.issuer,
      subject: metadataText(T.metadataSubject(propertyLabel)),
      keywords: T.keywords,
    },
    sourceNote: statement
      ? T.sourceFromStatement(formatFrenchDate(statement.statementDate), statement.filedBy)
      : T.sourceMissing,
    summary: summary(input, context, documentChecks, figures, mentions),
    ...body,
    notice: INFORMATION_NOTICE,
  };
}

interface ViewContext {
  /** The date the figures are at: the statement's, else the day of issue (YYYY-MM-DD). */
  referenceDate: string;
  /** The day the document is issued, in France (YYYY-MM-DD). */
  issueDate: string;
  /** Lots the order names that the seller's account does not show. */
  lotsNotFound: string[];
  /** The lots of the statement the document is about. */
  lots: Lot[];
}

function viewContext(input: PreStatementInput): ViewContext {
  const statementLots = input.statement?.lots ?? [];
  const wanted = (input.lotsRequested ?? []).map((number) => number.trim()).filter((number) => number !== '');
  const lotsNotFound = input.statement
    ? wanted.filter((number) => !statementLots.some((lot) => sameLotNumber(lot.number, number)))
    : [];
  return {
    referenceDate: input.statement?.statementDate ?? isoDay(input.issuedAt),
    issueDate: isoDay(input.issuedAt),
    lotsNotFound,
    lots: statementLots,
  };
}

// ---------------------------------------------------------------------------------------------- summary

function summary(
  input: PreStatementInput,
  context: ViewContext,
  checks: DocumentCheck[],
  keyFigures: AmountLine[],
  notCommunicated: number,
): PreStatementView['summary'] {
  const statement = input.statement;
  const named = (status: DocumentStatus) =>
    checks
      .filter((check) => check.status === status)
      .map((check) => (check.detail === '' ? check.document : `${check.document} (${check.detail})`));
  const missingDocuments = named('missing');
  const documentsToCheck = named('undetermined');
  const toCheck = [...documentsToCheck];
  const otherBuilding = describedBuildingIfOther(input);
  if (otherBuilding !== null) toCheck.push(T.summary.otherBuilding(otherBuilding, orderedProperty(input)));
  const missing = [...missingDocuments];
  if (!statement) missing.push(T.summary.statementMissing);
  if (context.lotsNotFound.length > 0) missing.push(T.summary.lotsNotFoundMissing(context.lotsNotFound));
  if (notCommunicated > 0) missing.push(T.summary.figuresMissing(notCommunicated));
  const complete = missing.length === 0 && toCheck.length === 0;
  return {
    complete,
    headline: complete ? T.summary.complete : missing.length > 0 ? T.summary.incomplete : T.summary.toVerify,
    missing: complete ? [T.summary.completeDetail] : missing,
    toCheck,
    // Said for certain only of documents known to be missing; of those to check, as a condition.
    legalEffect:
      missingDocuments.length > 0
        ? T.summary.legalEffect
        : documentsToCheck.length > 0
          ? T.summary.legalEffectIfMissing
          : null,
    keyFigures,
    alerts: alerts(input, context),
  };
}

function keyFigures(input: PreStatementInput, context: ViewContext): AmountLine[] {
  const statement = input.statement;
  const lots = context.lots;
  const annualBudget = sumFields(lots.map((lot) => lot.annualBudgetShare));
  const toCall = sumFields((valueOf(statement?.votedWorks) ?? []).map((work) => work.toCall));
  const loansDue = sumFields((valueOf(statement?.loans) ?? []).map((loan) => loan.lotShareRemaining));
  const procedures = valueOf(statement?.procedures);
  const balance = valueOf(statement?.sellerBalance);
  const figure = (label: string, value: string, origin: FigureOrigin | null): AmountLine => ({
    label,
    value,
    origin: origin === null ? '' : ORIGIN_LABEL(origin),
  });
  return [
    figure(T.summary.property, `${propertyName(input)}, ${orNotCommunicated(buildingAddress(input))}`, null),
    figure(T.summary.lots, lotsSummary(input, context), null),
    figure(
      statement
        ? T.summary.sellerBalance(formatFrenchDate(statement.statementDate))
        : T.summary.sellerBalanceUndated,
      balance === null
        ? NOT_COMMUNICATED
        : balance > 0
          ? T.summary.balanceOwed(formatEuros(balance))
          : balance < 0
            ? T.summary.balanceCredit(formatEuros(-balance))
            : T.summary.balanceNil,
      FIGURE_ORIGINS.sellerBalance,
    ),
    figure(
      T.summary.quarterlyCharges,
      annualBudget === null || lots.length === 0
        ? NOT_COMMUNICATED
        : T.summary.perQuarter(formatEuros(Math.round(annualBudget / 4)), formatEuros(annualBudget)),
      FIGURE_ORIGINS['lots.annualBudgetShare'],
    ),
    figure(
      T.summary.worksNotCalled,
      statement?.votedWorks.status === 'confirmed' ? formatEuros(toCall) : NOT_COMMUNICATED,
      FIGURE_ORIGINS.votedWorks,
    ),
    figure(
      T.summary.loans,
      statement?.loans.status === 'confirmed' ? formatEuros(loansDue) : NOT_COMMUNICATED,
      FIGURE_ORIGINS.loans,
    ),
    figure(
      T.summary.procedures,
      procedures === null ? NOT_COMMUNICATED : T.summary.proceduresCount(procedures.length),
      null,
    ),
    figure(
      T.summary.worksFund,
      valueOf(statement?.worksFund.exists) === false
        ? T.financialAnnex.noWorksFund
        : formatEuros(valueOf(statement?.worksFund.lotShare)),
      FIGURE_ORIGINS['worksFund.lotShare'],
    ),
  ];
}

function alerts(input: PreStatementInput, context: ViewContext): string[] {
  const statement = input.statement;
  const list: string[] = [];
  const owed = knownSum(arrearsFields(statement));
  if (owed > 0) list.push(T.summary.alertArrears(formatEuros(owed)));
  if (input.allDuePaid && owed > 0) list.push(T.summary.alertAllDuePaid(formatEuros(owed)));
  const unpaid = valueOf(statement?.syndicate.unpaidCharges);
  const budget = valueOf(statement?.syndicate.budget);
  if (unpaid !== null && budget !== null && budget > 0 && unpaid > budget / 4) {
    const percent = `${((unpaid * 100) / budget).toFixed(1).replace('.', ',')} %`;
    list.push(T.summary.alertSyndicateUnpaid(percent, closingDate(statement)));
  }
  if (valueOf(statement?.building.safeguardPlan) === true) list.push(T.summary.alertSafeguardPlan);
  if (valueOf(statement?.building.perilOrder) === true) list.push(T.summary.alertPerilOrder);
  if (context.lotsNotFound.length > 0) list.push(T.summary.alertLotsNotFound(context.lotsNotFound));
  return list;
}

/** How many texts of what the document prints say a value was not communicated. */
function notCommunicatedMentions(printed: unknown): number {
  if (typeof printed === 'string') return NOT_COMMUNICATED_MENTION.test(printed) ? 1 : 0;
  if (typeof printed !== 'object' || printed === null) return 0;
  return Object.values(printed).reduce<number>((count, part) => count + notCommunicatedMentions(part), 0);
}

// --------------------------------------------------------------------------------------- identification

function identification(input: PreStatementInput): LabelledValue[] {
  const statement = input.statement;
  const coOwnership = statement?.coOwnership;
  const rows: LabelledValue[] = [
    { label: T.identification.coOwnership, value: propertyName(input) },
    { label: T.identification.address, value: orNotCommunicated(buildingAddress(input)) },
  ];
  // Beside the syndic's address of the building, the property as the client ordered it, so that the
  // reader sees the statement is about the property sold; without a statement, both are the order's.
  if (statement) {
    rows.push({ label: T.identification.orderedProperty, value: orderedProperty(input) });
  } else {
    const additional = nonBlank(input.property.additional);
    if (additional) rows.push({ label: T.identification.additional, value: additional });
  }
  const fiscalYear = valueOf(coOwnership?.currentFiscalYear);
  rows.push(
    {
      label: T.identification.registration,
      value: orNotCommunicated(valueOf(coOwnership?.registrationNumber)),
    },
    {
      label: T.identification.fiscalYear,
      value: fiscalYear
        ? T.identification.fiscalYearRange(
            formatFrenchDate(fiscalYear.start),
            formatFrenchDate(fiscalYear.end),
          )
        : NOT_COMMUNICATED,
    },
    { label: T.identification.statementDate, value: formatFrenchDate(statement?.statementDate) },
    { label: T.identification.orderid, value: input.orderid },
    // No reference is not a value the syndic failed to give: it is simply absent.
    {
      label: T.identification.externalId,
      value: nonBlank(input.externalId) ?? T.identification.noExternalId,
    },
    { label: T.identification.issuedAt, value: formatFrenchDate(input.issuedAt) },
    {
      label: T.identification.issuedBy,
      value: T.identification.issuedByValue(
        T.issuer,
        !statement
          ? T.identification.filedByNone
          : statement.filedBy === 'operator'
            ? T.identification.filedByOperator
            : T.identification.filedByConnector,
      ),
    },
  );
  return rows;
}

function syndicLines(input: PreStatementInput): LabelledValue[] {
  const syndic = input.statement?.syndic;
  const meetings = input.statement?.generalMeetings;
  const contact = [valueOf(syndic?.phone), valueOf(syndic?.email)].filter((part) => part !== null);
  return [
    {
      label: T.identification.syndic,
      value: orNotCommunicated(nonBlank(valueOf(syndic?.name)) ?? input.syndicName),
    },
    { label: T.identification.syndicAddress, value: orNotCommunicated(valueOf(syndic?.address)) },
    {
      label: T.identification.syndicContact,
      value: contact.length > 0 ? contact.join(' – ') : NOT_COMMUNICATED,
    },
    { label: T.identification.mandateEnd, value: formatFrenchDate(valueOf(syndic?.mandateEnd)) },
    { label: T.identification.lastMeeting, value: formatFrenchDate(valueOf(meetings?.last)) },
    { label: T.identification.nextMeeting, value: formatFrenchDate(valueOf(meetings?.next)) },
  ];
}

function buildingLines(statement: Statement | null): LabelledValue[] {
  const building = statement?.building;
  const year = valueOf(building?.completionYear);
  const dpe = valueOf(building?.energyPerformance);
  const audit = building?.energyAudit;
  return [
    {
      label: T.identification.completionYear,
      value: year === null ? NOT_COMMUNICATED : T.identification.completionValue(year),
    },
    { label: T.identification.lotCount, value: numberOrNotCommunicated(valueOf(building?.lotCount)) },
    { label: T.identification.heating, value: orNotCommunicated(valueOf(building?.heating)) },
    { label: T.identification.lift, value: yesNo(valueOf(building?.lift)) },
    {
      label: T.identification.energyPerformance,
      value: dpe
        ? T.identification.energyPerformanceValue(dpe.energyClass, formatFrenchDate(dpe.date))
        : NOT_COMMUNICATED,
    },
    {
      label: T.identification.energyAudit,
      value:
        audit?.status === 'confirmed'
          ? T.identification.energyAuditValue(formatFrenchDate(audit.value))
          : NOT_COMMUNICATED,
    },
    { label: T.identification.safeguardPlan, value: yesNo(valueOf(building?.safeguardPlan)) },
    { label: T.identification.perilOrder, value: yesNo(valueOf(building?.perilOrder)) },
  ];
}

/**
 * The lots the order names, described from the statement; without `lots` in the order, every lot of
 * the seller's account. A requested lot the account does not show is listed as such.
 */
function lotLines(statement: Statement | null, context: ViewContext): LotLine[] {
  const total = valueOf(statement?.coOwnership.totalShares);
  // A lot the account does not show has no figure to give: its line says so once, not in every column.
  const notFound = (number: string): LotLine => {
    const none = statement ? T.identification.noValue : NOT_COMMUNICATED;
    return {
      number,
      description: statement ? T.identification.lotNotFound : NOT_COMMUNICATED,
      nature: none,
      shares: none,
      annualBudgetShare: none,
      worksFundShare: none,
    };
  };
  const lines = [
    ...context.lots.map((lot) => lotLine(lot, total, statement)),
    ...context.lotsNotFound.map(notFound),
  ];
  return lines.length > 0 ? lines : [notFound(NOT_COMMUNICATED)];
}

function lotLine(lot: Lot, total: number | null, statement: Statement | null): LotLine {
  const shares = valueOf(lot.shares);
  const nature = valueOf(lot.nature);
  const noWorksFund = valueOf(statement?.worksFund.exists) === false;
  return {
    number: lot.number,
    description: orNotCommunicated(valueOf(lot.description)),
    nature: nature === null ? NOT_COMMUNICATED : T.identification.natures[nature],
    shares:
      shares === null
        ? NOT_COMMUNICATED
        : total === null
          ? String(shares)
          : T.identification.sharesOf(String(shares), String(total)),
    annualBudgetShare: formatEuros(valueOf(lot.annualBudgetShare)),
    worksFundShare: noWorksFund ? T.identification.none : formatEuros(valueOf(lot.worksFundShare)),
  };
}

function lotsSummary(input: PreStatementInput, context: ViewContext): string {
  const described = context.lots.map((lot) => {
    const nature = valueOf(lot.nature);
    return nature === null ? lot.number : `${lot.number} (${T.identification.natures[nature]})`;
  });
  const all = [
    ...described,
    ...context.lotsNotFound.map((number) => `${number} (${T.identification.lotNotFound})`),
  ];
  if (all.length > 0) return all.join(', ');
  const requested = (input.lotsRequested ?? []).filter((number) => number.trim() !== '');
  return requested.length > 0 ? requested.join(', ') : NOT_COMMUNICATED;
}

// --------------------------------------------------------------------------------------------- amounts

type AmountSource = [label: string, field: StatementField<Cents> | undefined, origin: FigureOrigin];

const ORIGIN_LABEL = (origin: FigureOrigin) => T.origin[origin];

function sellerOwesFields(statement: Statement | null): AmountSource[] {
  const owes = statement?.sellerOwes;
  const origin = FIGURE_ORIGINS.sellerOwes;
  return [
    [T.sellerOwes.budgetProvisionsDue, owes?.budgetProvisionsDue, origin],
    [T.sellerOwes.horsBudgetProvisionsDue, owes?.horsBudgetProvisionsDue, origin],
    [T.sellerOwes.unpaidPreviousYears, owes?.unpaidPreviousYears, origin],
    [T.sellerOwes.article33Instalments, owes?.article33Instalments, origin],
    [T.sellerOwes.advancesDue, owes?.advancesDue, origin],
    [T.sellerOwes.otherSumsDue, owes?.otherSumsDue, origin],
  ];
}

/**
 * What the seller is behind with: part 1 but the article 33 instalments, which fall due because of the
 * sale itself (a seller up to date still owes them at the sale).
 */
function arrearsFields(statement: Statement | null): AmountSource[] {
  return sellerOwesFields(statement).filter(([label]) => label !== T.sellerOwes.article33Instalments);
}

function sellerOwesSection(statement: Statement | null, lotsNotFound: string[]): AmountSection {
  return amountSection(sellerOwesFields(statement), lotsNotFound);
}

function syndicateOwesSection(statement: Statement | null, lotsNotFound: string[]): AmountSection {
  const owes = statement?.syndicateOwes;
  const origin = FIGURE_ORIGINS.syndicateOwes;
  return amountSection(
    [
      [T.syndicateOwes.advances, owes?.advances, origin],
      [T.syndicateOwes.provisionsMadeDueEarly, owes?.provisionsMadeDueEarly, origin],
      [T.syndicateOwes.creditBalance, owes?.creditBalance, origin],
    ],
    lotsNotFound,
  );
}

function buyerWillBearSection(statement: Statement | null, lotsNotFound: string[]): AmountSection {
  const bear = statement?.buyerWillBear;
  const origin = FIGURE_ORIGINS.buyerWillBear;
  return amountSection(
    [
      [T.buyerWillBear.advancesToReconstitute, bear?.advancesToReconstitute, origin],
      [T.buyerWillBear.budgetProvisionsNotYetDue, bear?.budgetProvisionsNotYetDue, origin],
      [T.buyerWillBear.horsBudgetProvisionsNotYetDue, bear?.horsBudgetProvisionsNotYetDue, origin],
    ],
    lotsNotFound,
  );
}

/** Lines with their source, and a total that says what it leaves out rather than hiding it. */
function amountSection(sources: AmountSource[], lotsNotFound: string[]): AmountSection {
  const lines = sources.map(([label, field, origin]) => ({
    label,
    origin: ORIGIN_LABEL(origin),
    value: formatEuros(valueOf(field)),
  }));
  const unknown = sources.filter(([, field]) => valueOf(field) === null).map(([label]) => shortLabel(label));
  const allUnknown = unknown.length === sources.length;
  const notes = [
    unknown.length > 0 && !allUnknown ? T.totalLeavesOut(unknown) : null,
    lotsNotFound.length > 0 && !allUnknown ? T.totalLeavesOutLots(lotsNotFound) : null,
  ].filter((note): note is string => note !== null);
  return {
    lines,
    totalLabel: unknown.length > 0 && !allUnknown ? T.partialTotal : T.total,
    total: allUnknown ? NOT_COMMUNICATED : formatEuros(knownSum(sources)),
    totalNote: notes.length > 0 ? notes.join(' ') : null,
  };
}

function allDuePaid(
  input: PreStatementInput,
  sellerOwes: AmountSection,
  context: ViewContext,
): PreStatementView['allDuePaid'] {
  if (!input.allDuePaid) return null;
  const owed = knownSum(arrearsFields(input.statement));
  if (owed > 0) return { text: T.summary.alertAllDuePaid(formatEuros(owed)), contradicted: true };
  // Only figures all read on the account confirm it: not a partial total, not one of nothing, and not
  // one that leaves out a lot sold (its sums are not in the figures).
  const verified =
    input.statement !== null &&
    sellerOwes.totalLabel === T.total &&
    sellerOwes.total !== NOT_COMMUNICATED &&
    context.lotsNotFound.length === 0;
  return {
    text: verified ? T.sellerOwes.allDuePaid : T.sellerOwes.allDuePaidUnverified,
    contradicted: false,
  };
}

// ------------------------------------------------------------------------------------ financial annex

/**
 * The two fiscal years before the current one, each on its line even when the syndic gave nothing
 * for it: a missing year shows as "non communiqué", it never disappears. Each year is the syndic's
 * own, found walking back from the current year's start: the one that ends within the year before it
 * (its dates may have changed, a year may have been longer or shorter). Only a year truly absent is
 * dated by the assumption of a year of twelve months ending the day before the next one starts.
 */
function chargesLines(statement: Statement | null): ChargesLine[] {
  const history = valueOf(statement?.chargesHistory) ?? [];
  const unknownLine = (fiscalYear: string): ChargesLine => ({
    fiscalYear,
    budgetCalled: NOT_COMMUNICATED,
    budgetPaid: NOT_COMMUNICATED,
    horsBudgetCalled: NOT_COMMUNICATED,
    horsBudgetPaid: NOT_COMMUNICATED,
  });
  const rangeOf = (year: FiscalYear) =>
    T.financialAnnex.fiscalYearRange(formatFrenchDate(year.start), formatFrenchDate(year.end));
  // The start of the year after the one sought; unknown without the current year until a year is found.
  let next = valueOf(statement?.coOwnership.currentFiscalYear)?.start ?? null;
  return [1, 2].map((yearsBack) => {
    const found = history
      .filter(({ fiscalYear }) =>
        next === null ? true : fiscalYear.end < next && fiscalYear.end >= shiftDate(next, -1),
      )
      .sort((a, b) => b.fiscalYear.end.localeCompare(a.fiscalYear.end))[0];
    if (found) {
      next = found.fiscalYear.start;
      return chargesLine(rangeOf(found.fiscalYear), found);
    }
    if (next === null) return unknownLine(T.financialAnnex.previousYear(yearsBack));
    const absent = { start: shiftDate(next, -1), end: shiftDays(next, -1) };
    next = absent.start;
    return unknownLine(rangeOf(absent));
  });
}

function chargesLine(label: string, charges: FiscalYearCharges): ChargesLine {
  return {
    fiscalYear: label,
    budgetCalled: formatEuros(valueOf(charges.budgetCalled)),
    budgetPaid: formatEuros(valueOf(charges.budgetPaid)),
    horsBudgetCalled: formatEuros(valueOf(charges.horsBudgetCalled)),
    horsBudgetPaid: formatEuros(valueOf(charges.horsBudgetPaid)),
  };
}

function closingDate(statement: Statement | null): string {
  const end = valueOf(statement?.syndicate.lastApprovedFiscalYearEnd);
  return end === null ? T.financialAnnex.atClosingUnknown : formatFrenchDate(end);
}

function syndicateFigures(statement: Statement | null): AmountLine[] {
  const syndicate = statement?.syndicate;
  const end = valueOf(syndicate?.lastApprovedFiscalYearEnd);
  const at =
    end === null ? T.financialAnnex.atClosingUnknown : T.financialAnnex.atClosing(formatFrenchDate(end));
  return [
    amountLine(
      T.financialAnnex.syndicateUnpaidCharges(at),
      syndicate?.unpaidCharges,
      FIGURE_ORIGINS['syndicate.unpaidCharges'],
    ),
    amountLine(
      T.financialAnnex.supplierDebt(at),
      syndicate?.supplierDebt,
      FIGURE_ORIGINS['syndicate.supplierDebt'],
    ),
    amountLine(T.financialAnnex.budget, syndicate?.budget, FIGURE_ORIGINS['syndicate.budget']),
  ];
}

function worksFundLines(statement: Statement | null): AmountLine[] {
  const fund = statement?.worksFund;
  if (valueOf(fund?.exists) === false) {
    return [
      {
        label: T.financialAnnex.worksFundLotShare,
        origin: T.origin.syndicate,
        value: T.financialAnnex.noWorksFund,
      },
    ];
  }
  return [
    amountLine(T.financialAnnex.worksFundLotShare, fund?.lotShare, FIGURE_ORIGINS['worksFund.lotShare']),
    amountLine(
      T.financialAnnex.worksFundLastContribution,
      fund?.lastContribution,
      FIGURE_ORIGINS['worksFund.lastContribution'],
    ),
    {
      label: T.financialAnnex.worksFundLastContributionDate,
      origin: ORIGIN_LABEL(FIGURE_ORIGINS['worksFund.lastContribution']),
      value: formatFrenchDate(valueOf(fund?.lastContributionDate)),
    },
  ];
}

function amountLine(
  label: string,
  field: StatementField<Cents> | undefined,
  origin: FigureOrigin,
): AmountLine {
  return { label, origin: ORIGIN_LABEL(origin), value: formatEuros(valueOf(field)) };
}

type CallShare = 'due' | 'madeDueEarly' | 'dueSinceStatement' | 'notYetDue';

/**
 * The current year's calls, each with the party that bears it, consistent with parts 1 to 3: due at the
 * statement's date, the seller's; made due early under article 19-2, the seller's too (the syndic's
 * `provisionsMadeDueEarly`: a default of payment makes every provision of the year not yet due payable
 * at once, so all later calls are); fallen due between the statement and the document's issue, the
 * seller's, flagged, since parts 1 to 3 are at the statement's date; later, the buyer's.
 */
function callLines(statement: Statement | null, context: ViewContext): PreStatementView['calls'] {
  const calls = valueOf(statement?.callsForFunds);
  if (!statement || !calls || calls.length === 0) return null;
  const statementDate = statement.statementDate;
  const early = statement.syndicateOwes.provisionsMadeDueEarly;
  const madeDueEarly = early.status === 'confirmed' && early.value > 0;
  const shareOf = (call: CallForFunds): CallShare =>
    call.dueDate <= statementDate
      ? 'due'
      : madeDueEarly
        ? 'madeDueEarly'
        : call.dueDate <= context.issueDate
          ? 'dueSinceStatement'
          : 'notYetDue';
  const lines = calls.map((call) => {
    const budget = valueOf(call.budget);
    const horsBudget = valueOf(call.horsBudget);
    return {
      dueDate: formatFrenchDate(call.dueDate),
      budget: formatEuros(budget),
      horsBudget: formatEuros(horsBudget),
      total: formatEuros(budget === null || horsBudget === null ? null : budget + horsBudget),
      party: T.calls.parties[shareOf(call)],
    };
  });
  const callsOf = (share: CallShare) => calls.filter((call) => shareOf(call) === share);
  const totalOf = (share: CallShare) =>
    sumFields(callsOf(share).flatMap((call) => [call.budget, call.horsBudget]));
  // The usual two totals always; the others only when some call is of them.
  const totals = (['due', 'madeDueEarly', 'dueSinceStatement', 'notYetDue'] as const)
    .filter((share) => share === 'due' || share === 'notYetDue' || callsOf(share).length > 0)
    .map((share) => ({ label: T.calls.totals[share], value: formatEuros(totalOf(share)) }));

  const later = calls.filter((call) => call.dueDate > statementDate);
  const laterTotal = sumFields(later.flatMap((call) => [call.budget, call.horsBudget]));
  const notes = [
    withLotsLeftOut(T.calls.source(ORIGIN_LABEL(FIGURE_ORIGINS.callsForFunds)), context),
    T.calls.dates(formatFrenchDate(statementDate), formatFrenchDate(context.issueDate)),
    callsOf('dueSinceStatement').length > 0 ? T.calls.dueSinceStatement : null,
    T.calls.rule,
    madeDueEarly ? T.calls.madeDueEarly : null,
    madeDueEarly && laterTotal !== null && laterTotal !== early.value
      ? T.calls.madeDueEarlyMismatch(formatEuros(laterTotal), formatEuros(early.value))
      : null,
    early.status === 'not_communicated' && later.length > 0 ? T.calls.madeDueEarlyUnknown : null,
    (valueOf(statement.votedWorks) ?? []).some((work) => (valueOf(work.toCall) ?? 0) > 0)
      ? T.calls.laterWorks
      : null,
  ];
  return { lines, totals, note: notes.filter((note) => note !== null).join(' ') };
}

function votedWorksTable(statement: Statement | null, context: ViewContext): Table | string {
  const works = valueOf(statement?.votedWorks);
  if (works === null) return T.works.notCommunicated;
  if (works.length === 0) return T.works.noVotedWorks;
  return {
    columns: [
      T.works.resolution,
      T.works.meeting,
      T.works.total,
      T.works.lotShare,
      T.works.called,
      T.works.toCall,
    ],
    rows: works.map((work) => [
      orNotCommunicated(valueOf(work.resolution)),
      formatFrenchDate(valueOf(work.meetingDate)),
      formatEuros(valueOf(work.total)),
      formatEuros(valueOf(work.lotShare)),
      formatEuros(valueOf(work.called)),
      formatEuros(valueOf(work.toCall)),
    ]),
    source: withLotsLeftOut(T.origin.notes[FIGURE_ORIGINS.votedWorks], context),
  };
}

function loansTable(statement: Statement | null, context: ViewContext): Table | string {
  const loans = valueOf(statement?.loans);
  if (loans === null) return T.works.notCommunicated;
  if (loans.length === 0) return T.works.noLoans;
  return {
    columns: [T.works.loanPurpose, T.works.lender, T.works.loanTotal, T.works.loanRemaining, T.works.loanEnd],
    rows: loans.map((loan) => [
      orNotCommunicated(valueOf(loan.purpose)),
      orNotCommunicated(valueOf(loan.lender)),
      formatEuros(valueOf(loan.total)),
      formatEuros(valueOf(loan.lotShareRemaining)),
      formatFrenchDate(valueOf(loan.endDate)),
    ]),
    source: withLotsLeftOut(T.origin.notes[FIGURE_ORIGINS.loans], context),
  };
}

function proceduresTable(statement: Statement | null): Table | string {
  const procedures = valueOf(statement?.procedures);
  if (procedures === null) return T.works.notCommunicated;
  if (procedures.length === 0) return T.works.noProcedures;
  return {
    columns: [T.works.procedureNature, T.works.counterparty, T.works.stage],
    rows: procedures.map((procedure) => [
      orNotCommunicated(valueOf(procedure.nature)),
      orNotCommunicated(valueOf(procedure.counterparty)),
      orNotCommunicated(valueOf(procedure.stage)),
    ]),
    source: null,
  };
}

// ------------------------------------------------------------------------------------------- documents

const KIND_ORDER: readonly DocumentKind[] = [
  'summary-sheet',
  'rules-and-division',
  'rules',
  'division',
  'rules-amendment',
  'minutes',
  'maintenance-log',
  'dtg',
  'works-plan',
  'works-plan-project',
  'energy-audit',
  'energy-performance',
  'dta',
  'crep',
  'plans',
  'registration',
  'other',
];

interface NumberedAnnex extends AnnexLine {
  /** False for a file that could not be read (0 pages): listed "illisible", it provides no document. */
  joined: boolean;
  doctype: Doctype;
  /** Null: a document of a code with several kinds (3, 4) whose kind nobody said. */
  kind: DocumentKind | null;
  isoDate: string | null;
}

/** Where a document sorts: with its kind, or, of unsaid kind, with its code's first kind. */
function kindRank(document: { doctype: Doctype; kind: DocumentKind | null }): number {
  return KIND_ORDER.indexOf(document.kind ?? defaultKind(document.doctype));
}

/**
 * The order the annexes are numbered in and joined to the dossier: by kind (the law's order), most
 * recent first within a kind. The dossier uses the same function, so numbers and pages agree.
 */
export function orderAnnexes<A extends PreStatementAnnex>(documents: readonly A[]): A[] {
  return documents
    .map((document, index) => ({ document, index }))
    .sort(
      (a, b) =>
        kindRank(a.document) - kindRank(b.document) ||
        (b.document.date ?? '').localeCompare(a.document.date ?? '') ||
        a.index - b.index,
    )
    .map(({ document }) => document);
}

function numberedAnnexes(documents: PreStatementAnnex[]): NumberedAnnex[] {
  return orderAnnexes(documents).map((document, index) => ({
    number: index + 1,
    joined: document.pages !== 0,
    doctype: document.doctype,
    kind: document.kind,
    isoDate: document.date,
    type: documentLabel(document),
    title: nonBlank(document.title) ?? documentLabel(document),
    date: formatFrenchDate(document.date),
    pages:
      document.pages === null ? '' : document.pages === 0 ? T.documents.unreadable : String(document.pages),
  }));
}

function checkDocuments(
  input: PreStatementInput,
  numbered: NumberedAnnex[],
  referenceDate: string,
): DocumentCheck[] {
  const statement = input.statement;
  // What the dossier could not join is not communicated: it proves nothing, not even "à vérifier".
  const annexes = numbered.filter((annex) => annex.joined);
  const notExisting = new Set(valueOf(statement?.documentsNotExisting) ?? []);
  const numbersOf = (...kinds: DocumentKind[]) =>
    annexes.filter((annex) => annex.kind !== null && kinds.includes(annex.kind)).map((annex) => annex.number);
  const unsaid = unsaidKinds(annexes);
  const check = (document: string, status: DocumentStatus, detail = ''): DocumentCheck => ({
    document,
    status,
    statusLabel: T.documents.statuses[status],
    detail,
  });
  /**
   * A document the law requires whenever it exists: provided, declared not existing, to check when a
   * document of its code whose kind nobody said may be it, or missing.
   */
  const conditional = (document: string, kind: DocumentKind): DocumentCheck => {
    const numbers = numbersOf(kind);
    if (numbers.length > 0) return check(document, 'provided', T.documents.annexNumbers(numbers));
    if (notExisting.has(kind)) return check(document, 'notExisting', T.documents.notExistingDetail);
    // Only a document of the kind's own code may be it (a diagnostic of unsaid kind may be the DTG).
    const candidates = publishedDoctype(kind) === Doctype.Diagnostic ? unsaid.diagnostics : [];
    if (candidates.length > 0)
      return check(document, 'undetermined', T.documents.unsaidDiagnostic(candidates));
    return check(document, 'missing');
  };
  /**
   * A document the law requires, provided or missing; or declared not existing (the syndic's list, an
   * operator's mark), which the order's wait took as such (document-existence.ts): said so, not
   * "manquant". `kinds[0]` is the document's own kind.
   */
  const required = (document: string, ...kinds: DocumentKind[]): DocumentCheck => {
    const numbers = numbersOf(...kinds);
    if (numbers.length > 0) return check(document, 'provided', T.documents.annexNumbers(numbers));
    if (notExisting.has(kinds[0]!)) return check(document, 'notExisting', T.documents.notExistingDetail);
    return check(document, 'missing');
  };
  // A règlement of unsaid extent is the règlement (its published type), with or without the EDD.
  const rules = (): DocumentCheck => {
    const numbers = [...numbersOf('rules', 'rules-and-division'), ...unsaid.rules].sort((a, b) => a - b);
    if (numbers.length > 0) return check(T.documents.rules, 'provided', T.documents.annexNumbers(numbers));
    if (notExisting.has('rules'))
      return check(T.documents.rules, 'notExisting', T.documents.notExistingDetail);
    return check(T.documents.rules, 'missing');
  };
  const division = (): DocumentCheck => {
    const found = required(T.documents.division, 'division', 'rules-and-division');
    return found.status === 'missing' && unsaid.rules.length > 0
      ? check(T.documents.division, 'undetermined', T.documents.unsaidRulesForDivision(unsaid.rules))
      : found;
  };

  return [
    required(T.documents.summarySheet, 'summary-sheet'),
    rules(),
    division(),
    amendmentsCheck(statement, annexes, check),
    ...minutesChecks(statement, annexes, referenceDate, check),
    required(T.documents.maintenanceLog, 'maintenance-log'),
    check(T.documents.notice, 'provided', T.documents.noticeDetail),
    conditional(T.documents.dtg, 'dtg'),
    worksPlanCheck(statement, annexes, referenceDate, check),
    conditional(T.documents.dta, 'dta'),
    conditional(T.documents.crep, 'crep'),
    conditional(T.documents.plans, 'plans'),
  ];
}

type CheckMaker = (document: string, status: DocumentStatus, detail?: string) => DocumentCheck;

/** Annex numbers of the documents whose kind nobody said: règlements (code 3) and diagnostics (code 4). */
function unsaidKinds(annexes: NumberedAnnex[]): { rules: number[]; diagnostics: number[] } {
  const numbers = (doctype: Doctype) =>
    annexes.filter((annex) => annex.kind === null && annex.doctype === doctype).map((annex) => annex.number);
  return { rules: numbers(Doctype.CoOwnershipRules), diagnostics: numbers(Doctype.Diagnostic) };
}

/** Each published modifying act the syndic reports must be there, matched by its date. */
function amendmentsCheck(
  statement: Statement | null,
  annexes: NumberedAnnex[],
  check: CheckMaker,
): DocumentCheck {
  const obtained = annexes.filter((annex) => annex.kind === 'rules-amendment');
  const published = valueOf(statement?.rulesAmendments);
  if (published === null) {
    return obtained.length > 0
      ? check(
          T.documents.amendments,
          'provided',
          T.documents.annexNumbers(obtained.map((annex) => annex.number)),
        )
      : check(T.documents.amendments, 'notCommunicated');
  }
  if (published.length === 0 && obtained.length === 0) {
    return check(T.documents.amendments, 'notExisting', T.documents.noAmendment);
  }
  const missing = published.filter((act) => !obtained.some((annex) => annex.isoDate === act.date));
  if (missing.length > 0) {
    // A document of code 3 whose kind nobody said, dated as the act, may be it.
    const candidates = (date: string) =>
      annexes
        .filter(
          (annex) =>
            annex.kind === null && annex.doctype === Doctype.CoOwnershipRules && annex.isoDate === date,
        )
        .map((annex) => annex.number);
    const details = missing.map((act) => {
      const numbers = candidates(act.date);
      const date = formatFrenchDate(act.date);
      return numbers.length > 0
        ? T.documents.amendmentToCheck(date, T.documents.annexNumbers(numbers))
        : T.documents.amendmentMissing(date);
    });
    const undetermined = missing.every((act) => candidates(act.date).length > 0);
    return check(T.documents.amendments, undetermined ? 'undetermined' : 'missing', details.join(', '));
  }
  return check(
    T.documents.amendments,
    'provided',
    T.documents.annexNumbers(obtained.map((annex) => annex.number)),
  );
}

/**
 * The minutes of the general meetings of the three years before the reference date, checked by date:
 * each meeting the syndic reports must have its minutes; without that list, each of the three years
 * must have minutes of at least one meeting.
 */
function minutesChecks(
  statement: Statement | null,
  annexes: NumberedAnnex[],
  referenceDate: string,
  check: CheckMaker,
): DocumentCheck[] {
  const minutes = annexes.filter((annex) => annex.kind === 'minutes');
  const from = shiftDate(referenceDate, -3);
  const held = valueOf(statement?.generalMeetings.held);
  if (held !== null) {
    const meetings = held
      .filter((date) => date > from && date <= referenceDate)
      .sort()
      .reverse();
    return meetings.map((date) => {
      const found = minutes.filter((annex) => annex.isoDate === date);
      const document = T.documents.minutes(formatFrenchDate(date));
      return found.length > 0
        ? check(document, 'provided', T.documents.annexNumbers(found.map((annex) => annex.number)))
        : check(document, 'missing');
    });
  }
  return [0, 1, 2].map((yearsBack) => {
    const end = shiftDate(referenceDate, -yearsBack);
    const start = shiftDate(referenceDate, -yearsBack - 1);
    const found = minutes.filter(
      (annex) => annex.isoDate !== null && annex.isoDate > start && annex.isoDate <= end,
    );
    const document = T.documents.minutesWindow(formatFrenchDate(shiftDays(start, 1)), formatFrenchDate(end));
    return found.length > 0
      ? check(document, 'provided', T.documents.annexNumbers(found.map((annex) => annex.number)))
      : check(document, 'missing', T.documents.minutesWindowMissing);
  });
}

function worksPlanCheck(
  statement: Statement | null,
  annexes: NumberedAnnex[],
  referenceDate: string,
  check: CheckMaker,
): DocumentCheck {
  const name = T.documents.worksPlan;
  const year = valueOf(statement?.building.completionYear);
  const plan = valueOf(statement?.building.worksPlan);
  const adopted = annexes.filter((annex) => annex.kind === 'works-plan').map((annex) => annex.number);
  const project = annexes.filter((annex) => annex.kind === 'works-plan-project').map((annex) => annex.number);
  const unsaid = unsaidKinds(annexes).diagnostics;
  const withNumbers = (detail: string, numbers: number[]) =>
    numbers.length > 0 ? `${detail} – ${T.documents.annexNumbers(numbers)}` : detail;
  if (adopted.length > 0) {
    const detail =
      plan?.state === 'adopted' && plan.date ? T.documents.worksPlanAdopted(formatFrenchDate(plan.date)) : '';
    return check(name, 'provided', withNumbers(detail, adopted).replace(/^ – /, ''));
  }
  if (project.length > 0) {
    const detail = plan?.date
      ? T.documents.worksPlanProject(formatFrenchDate(plan.date))
      : T.documents.worksPlanProjectUndated;
    return check(name, 'provided', withNumbers(detail, project));
  }
  if (year !== null && Number(referenceDate.slice(0, 4)) - year < 15) {
    return check(name, 'notApplicable', T.documents.worksPlanTooRecent(year));
  }
  if (plan?.state === 'none') return check(name, 'notExisting', T.documents.worksPlanNone);
  const declared =
    plan?.state === 'adopted' && plan.date ? T.documents.worksPlanAdopted(formatFrenchDate(plan.date)) : '';
  if (unsaid.length > 0) {
    const detail = T.documents.unsaidDiagnostic(unsaid);
    return check(name, 'undetermined', declared === '' ? detail : `${declared} ; ${detail}`);
  }
  return check(name, 'missing', declared);
}

// -------------------------------------------------------------------------------------------- helpers

function propertyName(input: PreStatementInput): string {
  return orNotCommunicated(valueOf(input.statement?.coOwnership.name));
}

/** The syndic's address of the building, or the order's when the statement is missing. */
function buildingAddress(input: PreStatementInput): string {
  const coOwnership = input.statement?.coOwnership;
  if (!coOwnership) return joinAddress(input.property.address, input.property.zipcode, input.property.city);
  return joinAddress(
    valueOf(coOwnership.address) ?? '',
    valueOf(coOwnership.zipcode) ?? '',
    valueOf(coOwnership.city) ?? '',
  );
}

/** The property as the order describes it, its address complement included. */
function orderedProperty({ property }: PreStatementInput): string {
  const street = [property.address.trim(), property.additional.trim()].filter((part) => part !== '');
  return joinAddress(street.join(', '), property.zipcode, property.city);
}

/** The statement's address of the building when it is not the ordered property's, else null. */
function describedBuildingIfOther(input: PreStatementInput): string | null {
  const coOwnership = input.statement?.coOwnership;
  if (!coOwnership) return null;
  const described = {
    street: valueOf(coOwnership.address) ?? '',
    zipcode: valueOf(coOwnership.zipcode) ?? '',
    city: valueOf(coOwnership.city) ?? '',
  };
  const ordered = {
    street: input.property.address,
    zipcode: input.property.zipcode,
    city: input.property.city,
  };
  return orderedPropertyMatch(ordered, described) === 'different' ? buildingAddress(input) : null;
}

/** A note under lots' shares, saying which lots asked for they leave out (absent from the account). */
function withLotsLeftOut(note: string, context: ViewContext): string {
  return context.lotsNotFound.length > 0 ? `${note} ${T.totalLeavesOutLots(context.lotsNotFound)}` : note;
}

/** "a) Provisions exigibles…" is named without its letter in a sentence. */
function shortLabel(label: string): string {
  return label.replace(/^[a-e]\) /, '');
}

function knownSum(sources: AmountSource[]): number {
  return sources.reduce((sum, [, field]) => sum + (valueOf(field) ?? 0), 0);
}

/** The sum, null as soon as one is not communicated. */
function sumFields(fields: StatementField<Cents>[]): Cents | null {
  let sum = 0;
  for (const field of fields) {
    const value = valueOf(field);
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

/** The same calendar day `years` later (29 February falls back to the 28th). */
function shiftDate(isoDate: string, years: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(year + years, month - 1, day));
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

function shiftDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const PARIS_ISO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function isoDay(date: Date): string {
  return PARIS_ISO_DAY.format(date);
}

// Syndics and clients write the same lot "12", "012" or " 12 ".
function sameLotNumber(a: string, b: string): boolean {
  const canonical = (value: string) =>
    value
      .trim()
      .toLowerCase()
      .replace(/^0+(?=\d)/, '');
  return canonical(a) === canonical(b);
}

function personName(person: { firstname: string; lastname: string }): string {
  // French deeds write the family name in capitals, which also tells it apart from the first name.
  const name = [person.firstname.trim(), person.lastname.trim().toLocaleUpperCase('fr-FR')]
    .filter((part) => part !== '')
    .join(' ');
  return orNotCommunicated(name);
}

function yesNo(value: boolean | null): string {
  return value === null ? NOT_COMMUNICATED : value ? T.identification.yes : T.identification.no;
}

function numberOrNotCommunicated(value: number | null): string {
  return value === null ? NOT_COMMUNICATED : String(value);
}

function joinAddress(street: string, zipcode: string, city: string): string {
  const locality = [zipcode.trim(), city.trim()].filter((part) => part !== '').join(' ');
  return [street.trim(), locality].filter((part) => part !== '').join(', ');
}

/**
 * pdfkit copies the metadata into the XMP packet without escaping it, and PDF/A wants both to say the
 * same: the characters XML reserves are written out or dropped ("Parc & Jardins" → "Parc et Jardins").
 */
function metadataText(text: string): string {
  return text.replace(/&/g, 'et').replace(/[<>"]/g, '');
}

function nonBlank(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function orNotCommunicated(value: string | null | undefined): string {
  return nonBlank(value) ?? NOT_COMMUNICATED;
}
