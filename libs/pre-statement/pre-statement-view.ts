import { REQUIRED_DOCTYPES } from '@libs/orders/doctype';
import { defaultKind } from '@libs/orders/document-kind';
import {
  type AccountStatement,
  type Cents,
  type FiscalYear,
  type Lot,
} from '@libs/statement/account-statement';
import { doctypeLabel } from './doctype-labels';
import { type StatementField, valueOf } from '@libs/statement/statement-field';
import { formatEuros } from './euro-amount.format';
import { formatFrenchDate } from './french-date.format';
import { NOT_COMMUNICATED } from './not-communicated';
import { type PreStatementAnnex, type PreStatementInput } from './pre-statement-input';
import { PRE_STATEMENT_TEXTS as T } from './pre-statement.texts';

export interface LabelledValue {
  label: string;
  value: string;
}

export interface AmountSection {
  lines: LabelledValue[];
  /** "non communiqué" as soon as one line is: a partial total would mislead. */
  total: string;
}

export interface LotLine {
  number: string;
  description: string;
  shares: string;
}

export interface ChargesLine {
  fiscalYear: string;
  budgetCalled: string;
  budgetActual: string;
  horsBudgetCalled: string;
  horsBudgetActual: string;
}

export interface AnnexLine {
  type: string;
  title: string;
  date: string;
  found: boolean;
}

/**
 * What the pre-statement shows, every value already worded and formatted: the decisions (fallbacks,
 * totals, missing documents) are taken here, so the renderer only lays text out.
 */
export interface PreStatementView {
  orderid: string;
  specimen: boolean;
  issuedOn: string;
  /** Names the property on every page: the co-ownership, or its address when unnamed. */
  propertyLabel: string;
  sourceNote: string;
  identification: LabelledValue[];
  lots: LotLine[];
  sellers: string[];
  allDuePaidDeclaration: string | null;
  sellerOwes: AmountSection;
  syndicateOwes: AmountSection;
  buyerWillBear: AmountSection;
  chargesHistory: ChargesLine[];
  syndicateFigures: LabelledValue[];
  annexes: AnnexLine[];
  annexSummary: string;
  comment: string | null;
}

export function buildPreStatementView(input: PreStatementInput): PreStatementView {
  const statement = input.statement;
  const annexes = annexLines(input.documents);
  const foundCount = annexes.filter((annex) => annex.found).length;
  return {
    orderid: input.orderid,
    specimen: input.testMode,
    issuedOn: formatFrenchDate(input.issuedAt),
    propertyLabel:
      nonBlank(valueOf(statement?.coOwnership.name)) ?? orNotCommunicated(buildingAddress(input)),
    sourceNote: statement
      ? T.sourceFromStatement(formatFrenchDate(statement.statementDate))
      : T.sourceMissing,
    identification: identification(input),
    lots: lotLines(statement?.lots ?? [], input.lotsRequested),
    sellers: input.owners.length > 0 ? input.owners.map(personName) : [NOT_COMMUNICATED],
    allDuePaidDeclaration: input.allDuePaid ? T.sellerOwes.allDuePaid : null,
    sellerOwes: amountSection([
      [T.sellerOwes.budgetProvisionsDue, cents(statement?.sellerOwes.budgetProvisionsDue)],
      [T.sellerOwes.horsBudgetProvisionsDue, cents(statement?.sellerOwes.horsBudgetProvisionsDue)],
      [T.sellerOwes.unpaidPreviousYears, cents(statement?.sellerOwes.unpaidPreviousYears)],
      [T.sellerOwes.otherSumsDue, cents(statement?.sellerOwes.otherSumsDue)],
    ]),
    syndicateOwes: amountSection([
      [T.syndicateOwes.advances, cents(statement?.syndicateOwes.advances)],
      [T.syndicateOwes.creditBalance, cents(statement?.syndicateOwes.creditBalance)],
    ]),
    buyerWillBear: amountSection([
      [T.buyerWillBear.advancesToReconstitute, cents(statement?.buyerWillBear.advancesToReconstitute)],
      [T.buyerWillBear.provisionsNotYetDue, cents(statement?.buyerWillBear.budgetProvisionsNotYetDue)],
    ]),
    chargesHistory: chargesLines(statement),
    syndicateFigures: amountLines([
      [T.financialAnnex.syndicateUnpaidCharges, cents(statement?.syndicate.unpaidCharges)],
      [T.financialAnnex.supplierDebt, cents(statement?.syndicate.supplierDebt)],
      [T.financialAnnex.worksFundLotShare, cents(statement?.worksFund.lotShare)],
      [T.financialAnnex.worksFundLastContribution, cents(statement?.worksFund.lastContribution)],
    ]),
    annexes,
    annexSummary: T.documents.summary(foundCount, annexes.length - foundCount),
    comment: nonBlank(input.comment ?? null),
  };
}

function identification(input: PreStatementInput): LabelledValue[] {
  const coOwnership = input.statement?.coOwnership;
  const rows: LabelledValue[] = [
    { label: T.identification.coOwnership, value: orNotCommunicated(valueOf(coOwnership?.name)) },
    { label: T.identification.address, value: orNotCommunicated(buildingAddress(input)) },
  ];
  const additional = nonBlank(input.property.additional);
  if (additional) rows.push({ label: T.identification.additional, value: additional });
  rows.push(
    {
      label: T.identification.registration,
      value: orNotCommunicated(valueOf(coOwnership?.registrationNumber)),
    },
    {
      label: T.identification.syndic,
      value: orNotCommunicated(nonBlank(valueOf(input.statement?.syndic.name)) ?? input.syndicName),
    },
    {
      label: T.identification.fiscalYear,
      value: fiscalYearRange(valueOf(coOwnership?.currentFiscalYear) ?? undefined),
    },
    { label: T.identification.statementDate, value: formatFrenchDate(input.statement?.statementDate) },
    { label: T.identification.orderid, value: input.orderid },
    { label: T.identification.externalId, value: orNotCommunicated(input.externalId) },
    { label: T.identification.issuedAt, value: formatFrenchDate(input.issuedAt) },
  );
  return rows;
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

function fiscalYearRange(fiscalYear: FiscalYear | undefined): string {
  if (!fiscalYear) return NOT_COMMUNICATED;
  return T.identification.fiscalYearRange(
    formatFrenchDate(fiscalYear.start),
    formatFrenchDate(fiscalYear.end),
  );
}

/**
 * The lots the order names, described from the statement; without `lots` in the order, every lot of
 * the seller's account. A requested lot the statement does not know is still listed.
 */
function lotLines(statementLots: Lot[], requested: string[] | null): LotLine[] {
  const wanted = (requested ?? []).map((number) => number.trim()).filter((number) => number !== '');
  const lines =
    wanted.length === 0
      ? statementLots.map(lotLine)
      : wanted.map((number) => {
          const lot = statementLots.find((candidate) => sameLotNumber(candidate.number, number));
          return lot ? lotLine(lot) : { number, description: NOT_COMMUNICATED, shares: NOT_COMMUNICATED };
        });
  return lines.length > 0
    ? lines
    : [{ number: NOT_COMMUNICATED, description: NOT_COMMUNICATED, shares: NOT_COMMUNICATED }];
}

function lotLine(lot: Lot): LotLine {
  const shares = valueOf(lot.shares);
  return {
    number: orNotCommunicated(lot.number),
    description: orNotCommunicated(valueOf(lot.description)),
    shares: shares === null ? NOT_COMMUNICATED : String(shares),
  };
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

function chargesLines(statement: AccountStatement | null): ChargesLine[] {
  const history = valueOf(statement?.chargesHistory)?.slice(0, 2) ?? [];
  if (history.length === 0) {
    return [
      {
        fiscalYear: NOT_COMMUNICATED,
        budgetCalled: NOT_COMMUNICATED,
        budgetActual: NOT_COMMUNICATED,
        horsBudgetCalled: NOT_COMMUNICATED,
        horsBudgetActual: NOT_COMMUNICATED,
      },
    ];
  }
  return history.map((charges) => ({
    fiscalYear: T.financialAnnex.fiscalYearRange(
      formatFrenchDate(charges.fiscalYear.start),
      formatFrenchDate(charges.fiscalYear.end),
    ),
    budgetCalled: formatEuros(valueOf(charges.budgetCalled)),
    budgetActual: formatEuros(valueOf(charges.budgetPaid)),
    horsBudgetCalled: formatEuros(valueOf(charges.horsBudgetCalled)),
    horsBudgetActual: formatEuros(valueOf(charges.horsBudgetPaid)),
  }));
}

/** A label and its amount; `undefined` when there is no statement at all. */
type AmountSource = [label: string, cents: Cents | null | undefined];

function cents(field: StatementField<Cents> | undefined): Cents | null | undefined {
  return field === undefined ? undefined : valueOf(field);
}

function amountLines(sources: AmountSource[]): LabelledValue[] {
  return sources.map(([label, cents]) => ({ label, value: formatEuros(cents ?? null) }));
}

function amountSection(sources: AmountSource[]): AmountSection {
  const amounts = sources.map(([, cents]) => cents ?? null);
  const known = amounts.filter((cents): cents is number => cents !== null);
  const total = known.length === amounts.length ? known.reduce((sum, cents) => sum + cents, 0) : null;
  return { lines: amountLines(sources), total: formatEuros(total) };
}

/**
 * Annexes grouped by type in the published doctype order, most recent first within a type; a
 * required type with no entry at all is added as missing so the notary sees the gap.
 */
function annexLines(documents: PreStatementAnnex[]): AnnexLine[] {
  const absentRequired: (PreStatementAnnex & { found: boolean })[] = REQUIRED_DOCTYPES.filter(
    (doctype) => !documents.some((document) => document.doctype === doctype),
  ).map((doctype) => ({
    doctype,
    kind: defaultKind(doctype),
    title: '',
    date: null,
    pages: null,
    found: false,
  }));
  return [...documents.map((document) => ({ ...document, found: true })), ...absentRequired]
    .map((document, index) => ({ document, index }))
    .sort(
      (a, b) =>
        a.document.doctype - b.document.doctype ||
        (b.document.date ?? '').localeCompare(a.document.date ?? '') ||
        a.index - b.index,
    )
    .map(({ document }) => ({
      type: doctypeLabel(document.doctype),
      title: orNotCommunicated(document.title),
      date: formatFrenchDate(document.date),
      found: document.found,
    }));
}

function personName(person: { firstname: string; lastname: string }): string {
  // French deeds write the family name in capitals, which also tells it apart from the first name.
  const name = [person.firstname.trim(), person.lastname.trim().toLocaleUpperCase('fr-FR')]
    .filter((part) => part !== '')
    .join(' ');
  return orNotCommunicated(name);
}

function joinAddress(street: string, zipcode: string, city: string): string {
  const locality = [zipcode.trim(), city.trim()].filter((part) => part !== '').join(' ');
  return [street.trim(), locality].filter((part) => part !== '').join(', ');
}

function nonBlank(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function orNotCommunicated(value: string | null | undefined): string {
  return nonBlank(value) ?? NOT_COMMUNICATED;
}
