import { type DocumentKind } from '@libs/orders/document-kind';
import { type StatementField } from './statement-field';

/**
 * What the syndic's records tell about the co-ownership and the seller's lots: the one statement model,
 * whoever fills it (a connector reading an extranet, or an operator through the console; docs/contract.md
 * §9). Every value is a `StatementField`: confirmed, or not communicated, with the stored
 * document a person read it from. Amounts are integer euro cents, dates `YYYY-MM-DD`.
 *
 * Where each figure comes from (the seller's account or the syndicate's accounts) is a property of the
 * field, fixed by the law's definitions: see `FIGURE_ORIGINS`.
 */
export type Cents = number;
export type IsoDate = string;
type F<T> = StatementField<T>;

export const STATEMENT_MODEL_VERSION = 2;

export interface FiscalYear {
  start: IsoDate;
  end: IsoDate;
}

export interface CoOwnership {
  name: F<string>;
  address: F<string>;
  zipcode: F<string>;
  city: F<string>;
  /** Numéro d'immatriculation au registre national des copropriétés. */
  registrationNumber: F<string>;
  currentFiscalYear: F<FiscalYear>;
  /** Tantièmes généraux of the whole building. */
  totalShares: F<number>;
}

export type WorksPlanState = 'adopted' | 'project' | 'none';

export interface Building {
  /** Year the building was completed (réception des travaux); decides the PPT's "sans objet". */
  completionYear: F<number>;
  lotCount: F<number>;
  /** As the syndic words it: "collectif au gaz", "individuel électrique"… */
  heating: F<string>;
  lift: F<boolean>;
  /** DPE collectif: energy class letter and date. */
  energyPerformance: F<{ energyClass: string; date: IsoDate }>;
  /** Date of the energy audit, when one was made. */
  energyAudit: F<IsoDate>;
  safeguardPlan: F<boolean>;
  /** Arrêté de péril or de mise en sécurité on the building. */
  perilOrder: F<boolean>;
  /** Plan pluriannuel de travaux: adopted (AG date), a project (date), or none. */
  worksPlan: F<{ state: WorksPlanState; date: IsoDate | null }>;
}

export interface Syndic {
  name: F<string>;
  address: F<string>;
  phone: F<string>;
  email: F<string>;
  mandateEnd: F<IsoDate>;
}

export interface GeneralMeetings {
  last: F<IsoDate>;
  next: F<IsoDate>;
  /** Dates of the general meetings held over the three years before the statement, per the syndic. */
  held: F<IsoDate[]>;
}

export interface RulesAmendment {
  date: IsoDate;
  title: string;
}

export type LotNature = 'principal' | 'annexe';

export interface Lot {
  number: string;
  description: F<string>;
  /** Principal (dwelling, shop…) or annexe (cellar, parking…): decides exemptions (diagnostics, surface). */
  nature: F<LotNature>;
  /** Tantièmes généraux. */
  shares: F<number>;
  /** The lot's share of the current annual budget. */
  annualBudgetShare: F<Cents>;
  /** The lot's share of the works fund (fonds de travaux). */
  worksFundShare: F<Cents>;
  owners: { firstname: string; lastname: string }[];
}

/** Article 5 1° of the décret of 17 March 1967. */
export interface SellerOwes {
  budgetProvisionsDue: F<Cents>;
  horsBudgetProvisionsDue: F<Cents>;
  unpaidPreviousYears: F<Cents>;
  /** Instalments of article 33 of the loi of 10 July 1965 made due by the sale. */
  article33Instalments: F<Cents>;
  /** Avances exigibles. */
  advancesDue: F<Cents>;
  otherSumsDue: F<Cents>;
}

/** Article 5 2°. */
export interface SyndicateOwes {
  advances: F<Cents>;
  /** Provisions of later periods made due early (article 19-2 of the loi of 10 July 1965). */
  provisionsMadeDueEarly: F<Cents>;
  creditBalance: F<Cents>;
}

/** Article 5 3°. */
export interface BuyerWillBear {
  advancesToReconstitute: F<Cents>;
  budgetProvisionsNotYetDue: F<Cents>;
  horsBudgetProvisionsNotYetDue: F<Cents>;
}

/** Sums called from and paid by the seller for one fiscal year (L.721-2 2° a). */
export interface FiscalYearCharges {
  fiscalYear: FiscalYear;
  budgetCalled: F<Cents>;
  budgetPaid: F<Cents>;
  horsBudgetCalled: F<Cents>;
  horsBudgetPaid: F<Cents>;
}

/** One call for funds of the current fiscal year, the seller's lots' share. */
export interface CallForFunds {
  dueDate: IsoDate;
  budget: F<Cents>;
  horsBudget: F<Cents>;
}

export interface SyndicateFinances {
  /** Closing date of the last fiscal year whose accounts the general meeting approved. */
  lastApprovedFiscalYearEnd: F<IsoDate>;
  /** The annual budget voted for the current fiscal year. */
  budget: F<Cents>;
  unpaidCharges: F<Cents>;
  supplierDebt: F<Cents>;
}

export interface WorksFund {
  /** False when the syndicate has no works fund (then the rest is "sans objet"). */
  exists: F<boolean>;
  lotShare: F<Cents>;
  lastContribution: F<Cents>;
  lastContributionDate: F<IsoDate>;
}

export interface VotedWork {
  resolution: F<string>;
  meetingDate: F<IsoDate>;
  total: F<Cents>;
  lotShare: F<Cents>;
  /** Of the lot's share, what was already called, and what is still to be called. */
  called: F<Cents>;
  toCall: F<Cents>;
}

export interface CollectiveLoan {
  purpose: F<string>;
  lender: F<string>;
  total: F<Cents>;
  /** What the seller's lots still have to repay. */
  lotShareRemaining: F<Cents>;
  endDate: F<IsoDate>;
}

export interface LegalProceeding {
  nature: F<string>;
  counterparty: F<string>;
  stage: F<string>;
}

export interface AccountStatement {
  version: typeof STATEMENT_MODEL_VERSION;
  /** Who filed it: a connector reading the extranet, or an operator through the console. */
  filedBy: 'connector' | 'operator';
  /** Date of the account statement the figures come from. */
  statementDate: IsoDate;
  coOwnership: CoOwnership;
  building: Building;
  syndic: Syndic;
  generalMeetings: GeneralMeetings;
  /** Published acts modifying the règlement or the état descriptif de division. */
  rulesAmendments: F<RulesAmendment[]>;
  /** Kinds of documents the syndic declares do not exist for this co-ownership (no DTG ever made…). */
  documentsNotExisting: F<DocumentKind[]>;
  /** The seller's lots found on the account. */
  lots: Lot[];
  /** Balance of the seller's account at `statementDate`; positive when the seller owes. */
  sellerBalance: F<Cents>;
  sellerOwes: SellerOwes;
  syndicateOwes: SyndicateOwes;
  buyerWillBear: BuyerWillBear;
  /** The two fiscal years before the current one, most recent first. */
  chargesHistory: F<FiscalYearCharges[]>;
  /** Calls for funds of the current fiscal year, in due-date order. */
  callsForFunds: F<CallForFunds[]>;
  syndicate: SyndicateFinances;
  worksFund: WorksFund;
  votedWorks: F<VotedWork[]>;
  loans: F<CollectiveLoan[]>;
  procedures: F<LegalProceeding[]>;
}

export type FigureOrigin = 'seller_account' | 'syndicate';

/**
 * Where each amount comes from: the seller's own account (what was called from and paid by the seller),
 * or the syndicate's accounts (the building's figures, and a lot's share computed from its tantièmes).
 */
export const FIGURE_ORIGINS = {
  sellerBalance: 'seller_account',
  sellerOwes: 'seller_account',
  syndicateOwes: 'seller_account',
  buyerWillBear: 'seller_account',
  chargesHistory: 'seller_account',
  callsForFunds: 'seller_account',
  'lots.annualBudgetShare': 'syndicate',
  'lots.worksFundShare': 'syndicate',
  'syndicate.budget': 'syndicate',
  'syndicate.unpaidCharges': 'syndicate',
  'syndicate.supplierDebt': 'syndicate',
  'worksFund.lotShare': 'syndicate',
  'worksFund.lastContribution': 'seller_account',
  votedWorks: 'syndicate',
  loans: 'syndicate',
} as const satisfies Record<string, FigureOrigin>;
