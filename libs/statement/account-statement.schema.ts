import { DOCUMENT_KINDS } from '@libs/orders/document-kind';
import { STATEMENT_MESSAGES as M } from '@libs/platform/messages.fr';
import { type AccountStatement, type FiscalYearCharges } from './account-statement';
import {
  boolean,
  cents,
  field,
  integer,
  isStorableText,
  isoDate,
  list,
  object,
  oneOf,
  type Schema,
  leaf,
  text,
  textField,
  year,
} from './statement-schema';

/**
 * The statement's content (everything but `version` and `filedBy`), read from the model's JSON or from
 * the connector protocol. Fields the protocol had from its first version are required on the wire
 * (null when not communicated); the others may be absent, so extranets written for that version keep
 * working and their statements simply show those values as not communicated.
 */
export type StatementContent = Omit<AccountStatement, 'version' | 'filedBy'>;

const LATER = { optionalOnWire: true } as const;
const money = (options = {}) => field(cents(), options);

const fiscalYear = object({ start: isoDate(), end: isoDate() });

const coOwnership = object<AccountStatement['coOwnership']>({
  name: textField(),
  address: textField(),
  zipcode: textField(),
  city: textField(),
  registrationNumber: textField(),
  currentFiscalYear: field(fiscalYear),
  totalShares: field(integer(1, 100_000_000), LATER),
});

const building = object<AccountStatement['building']>(
  {
    completionYear: field(year(1000, 2999), LATER),
    lotCount: field(integer(1, 1_000_000), LATER),
    heating: textField(LATER),
    lift: field(boolean(), LATER),
    energyPerformance: field(
      object({ energyClass: oneOf(['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const), date: isoDate() }),
      LATER,
    ),
    energyAudit: field(isoDate(), LATER),
    safeguardPlan: field(boolean(), LATER),
    perilOrder: field(boolean(), LATER),
    worksPlan: field(
      object({ state: oneOf(['adopted', 'project', 'none'] as const), date: nullable(isoDate()) }),
      LATER,
    ),
  },
  LATER,
);

const syndic = object<AccountStatement['syndic']>({
  name: textField(),
  address: textField(LATER),
  phone: textField(LATER),
  email: textField(LATER),
  mandateEnd: field(isoDate(), LATER),
});

const generalMeetings = object<AccountStatement['generalMeetings']>(
  {
    last: field(isoDate(), LATER),
    next: field(isoDate(), LATER),
    held: field(list(isoDate(), 100), LATER),
  },
  LATER,
);

const owner = object({ firstname: plainText(), lastname: plainText() });

const lot = object<AccountStatement['lots'][number]>({
  number: text(),
  description: textField(),
  nature: field(oneOf(['principal', 'annexe'] as const), LATER),
  shares: field(integer(0, 100_000_000)),
  annualBudgetShare: money(LATER),
  worksFundShare: money(LATER),
  owners: list(owner, 50),
});

const chargesYear = object<FiscalYearCharges>({
  fiscalYear,
  budgetCalled: money(),
  budgetPaid: money(LATER),
  horsBudgetCalled: money(),
  horsBudgetPaid: money(LATER),
});

const call = object({ dueDate: isoDate(), budget: money(), horsBudget: money() });

const votedWork = object({
  resolution: textField(),
  meetingDate: field(isoDate()),
  total: money(),
  lotShare: money(),
  called: money(),
  toCall: money(),
});

const loan = object({
  purpose: textField(),
  lender: textField(),
  total: money(),
  lotShareRemaining: money(),
  endDate: field(isoDate()),
});

const proceeding = object({ nature: textField(), counterparty: textField(), stage: textField() });

export const STATEMENT_CONTENT_SCHEMA: Schema<StatementContent> = object<StatementContent>({
  statementDate: isoDate(),
  coOwnership,
  building,
  syndic,
  generalMeetings,
  rulesAmendments: field(list(object({ date: isoDate(), title: text() }), 100), LATER),
  documentsNotExisting: field(list(oneOf(DOCUMENT_KINDS), DOCUMENT_KINDS.length), LATER),
  lots: list(lot, 1000),
  sellerBalance: field(cents({ signed: true }), LATER),
  sellerOwes: object({
    budgetProvisionsDue: money(),
    horsBudgetProvisionsDue: money(),
    unpaidPreviousYears: money(),
    article33Instalments: money(LATER),
    advancesDue: money(LATER),
    otherSumsDue: money(),
  }),
  syndicateOwes: object({
    advances: money(),
    provisionsMadeDueEarly: money(LATER),
    creditBalance: money(),
  }),
  buyerWillBear: object({
    advancesToReconstitute: money(),
    budgetProvisionsNotYetDue: money(LATER),
    horsBudgetProvisionsNotYetDue: money(LATER),
  }),
  chargesHistory: field(list(chargesYear, 10)),
  callsForFunds: field(list(call, 60), LATER),
  syndicate: object({
    lastApprovedFiscalYearEnd: field(isoDate(), LATER),
    budget: money(LATER),
    unpaidCharges: money(),
    supplierDebt: money(),
  }),
  worksFund: object({
    exists: field(boolean(), LATER),
    lotShare: money(),
    lastContribution: money(),
    lastContributionDate: field(isoDate(), LATER),
  }),
  votedWorks: field(list(votedWork, 200), LATER),
  loans: field(list(loan, 50), LATER),
  procedures: field(list(proceeding, 100), LATER),
});

/** A person's name part: any string, possibly empty (a mononym has no first name). */
function plainText(): Schema<string> {
  const max = 200;
  return leaf(
    (value): value is string => isStorableText(value) && value.length <= max,
    `a string of at most ${max} characters`,
    (field) => M.namePart(field, max),
    { kind: 'text', maxLength: max, allowEmpty: true },
  );
}

function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return {
    form: { kind: 'nullable', inner: inner.form },
    readModel: (value, path, issues) => (value === null ? null : inner.readModel(value, path, issues)),
    readWire: (value, path) => (value === null || value === undefined ? null : inner.readWire(value, path)),
  };
}
