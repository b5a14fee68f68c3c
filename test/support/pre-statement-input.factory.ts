import { Doctype } from '@libs/orders/doctype';
import { type AccountStatement } from '@libs/statement/account-statement';
import { type WireStatement } from '@libs/statement/wire-statement';
import { confirmed as c } from '@libs/statement/statement-field';
import { type PreStatementAnnex, type PreStatementInput } from '@libs/pre-statement/pre-statement-input';

/**
 * A complete account statement with distinctive figures (each amount appears once in the PDF): an old
 * building (1962) with a works plan adopted, a DTG, a works fund, one voted work, one loan and one
 * procedure; the seller is up to date.
 */
export function buildAccountStatement(overrides: Partial<AccountStatement> = {}): AccountStatement {
  return {
    version: 2,
    filedBy: 'connector',
    statementDate: '2025-03-20',
    coOwnership: {
      name: c('Résidence Les Tilleuls'),
      address: c('12 rue des Lilas'),
      zipcode: c('75011'),
      city: c('Paris'),
      registrationNumber: c('AB1234567'),
      currentFiscalYear: c({ start: '2025-01-01', end: '2025-12-31' }),
      totalShares: c(10000),
    },
    building: {
      completionYear: c(1962),
      lotCount: c(48),
      heating: c('collectif au gaz'),
      lift: c(true),
      energyPerformance: c({ energyClass: 'D', date: '2023-05-11' }),
      energyAudit: c('2023-11-08'),
      safeguardPlan: c(false),
      perilOrder: c(false),
      worksPlan: c({ state: 'adopted', date: '2024-06-12' }),
    },
    syndic: {
      name: c('Cabinet Martin Gestion'),
      address: c('8 boulevard Voltaire, 75011 Paris'),
      phone: c('01 43 55 66 77'),
      email: c('gestion@cabinet-martin.example'),
      mandateEnd: c('2026-06-30'),
    },
    generalMeetings: {
      last: c('2024-06-12'),
      next: c('2025-06-17'),
      held: c(['2024-06-12', '2023-06-15', '2022-06-09']),
    },
    rulesAmendments: c([{ date: '1998-11-04', title: 'Modificatif : division du lot 30' }]),
    documentsNotExisting: c([]),
    lots: [
      {
        number: '12',
        description: c('Appartement de 3 pièces, 2e étage, bâtiment A'),
        nature: c('principal'),
        shares: c(245),
        annualBudgetShare: c(220500),
        worksFundShare: c(103775),
        owners: [{ firstname: 'Jeanne', lastname: 'Dupont' }],
      },
      {
        number: '47',
        description: c('Cave n° 7 au sous-sol'),
        nature: c('annexe'),
        shares: c(8),
        annualBudgetShare: c(7200),
        worksFundShare: c(3389),
        owners: [{ firstname: 'Jeanne', lastname: 'Dupont' }],
      },
    ],
    sellerBalance: c(169706),
    sellerOwes: {
      budgetProvisionsDue: c(123456),
      horsBudgetProvisionsDue: c(45000),
      unpaidPreviousYears: c(0),
      article33Instalments: c(0),
      advancesDue: c(0),
      otherSumsDue: c(1250),
    },
    syndicateOwes: { advances: c(35000), provisionsMadeDueEarly: c(0), creditBalance: c(2199) },
    buyerWillBear: {
      advancesToReconstitute: c(35000),
      budgetProvisionsNotYetDue: c(98765),
      horsBudgetProvisionsNotYetDue: c(30120),
    },
    chargesHistory: c([
      {
        fiscalYear: { start: '2024-01-01', end: '2024-12-31' },
        budgetCalled: c(240000),
        budgetPaid: c(231234),
        horsBudgetCalled: c(60000),
        horsBudgetPaid: c(58810),
      },
      {
        fiscalYear: { start: '2023-01-01', end: '2023-12-31' },
        budgetCalled: c(228000),
        budgetPaid: c(229517),
        horsBudgetCalled: c(0),
        horsBudgetPaid: c(0),
      },
    ]),
    callsForFunds: c([
      { dueDate: '2025-01-01', budget: c(56925), horsBudget: c(15000) },
      { dueDate: '2025-04-01', budget: c(56926), horsBudget: c(15000) },
      { dueDate: '2025-07-01', budget: c(56927), horsBudget: c(15060) },
      { dueDate: '2025-10-01', budget: c(56928), horsBudget: c(15060) },
    ]),
    syndicate: {
      lastApprovedFiscalYearEnd: c('2023-12-31'),
      budget: c(9000000),
      unpaidCharges: c(1843290),
      supplierDebt: c(754321),
    },
    worksFund: {
      exists: c(true),
      lotShare: c(187500),
      lastContribution: c(12345),
      lastContributionDate: c('2025-01-01'),
    },
    votedWorks: c([
      {
        resolution: c('Résolution 12 : ravalement des façades sur rue'),
        meetingDate: c('2024-06-12'),
        total: c(24000000),
        lotShare: c(608160),
        called: c(202720),
        toCall: c(405440),
      },
    ]),
    loans: c([
      {
        purpose: c('Financement du ravalement'),
        lender: c('Banque Populaire Rives de Paris'),
        total: c(12000000),
        lotShareRemaining: c(289310),
        endDate: c('2034-12-31'),
      },
    ]),
    procedures: c([
      {
        nature: c('Recouvrement de charges'),
        counterparty: c('Copropriétaire du lot 31'),
        stage: c('Assignation devant le tribunal judiciaire de Paris'),
      },
    ]),
    ...overrides,
  };
}

/**
 * The statement as a connector receives it (apps/extranet-sandbox/README.md): plain values, null for
 * what was not communicated. A copy, so a test may damage it as an extranet could.
 */
export function wireStatementOf(statement: AccountStatement = buildAccountStatement()): WireStatement {
  const { version: _version, filedBy: _filedBy, ...content } = statement;
  return plain(content) as WireStatement;
}

function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if ('status' in record && 'value' in record && 'source' in record) return plain(record.value);
  return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, plain(entry)]));
}

/** The required annexes found, the asbestos diagnostic missing. */
export function buildAnnexes(): PreStatementAnnex[] {
  return [
    annex(Doctype.SummarySheet, 'summary-sheet', 'Fiche synthétique 2025', '2025-02-10'),
    annex(Doctype.Minutes, 'minutes', 'PV AG du 12 juin 2024', '2024-06-12'),
    annex(Doctype.Minutes, 'minutes', 'PV AG du 15 juin 2023', '2023-06-15'),
    annex(Doctype.Minutes, 'minutes', 'PV AG du 9 juin 2022', '2022-06-09'),
    annex(Doctype.CoOwnershipRules, 'rules-and-division', 'Règlement de copropriété et EDD', '1962-04-02'),
    annex(Doctype.CoOwnershipRules, 'rules-amendment', 'Modificatif du 4 novembre 1998', '1998-11-04'),
    annex(Doctype.Diagnostic, 'dtg', 'Diagnostic technique global', '2022-10-03'),
    annex(Doctype.Diagnostic, 'works-plan', 'Plan pluriannuel de travaux', '2024-06-12'),
    annex(Doctype.LeadDiagnostic, 'crep', 'CREP des parties communes', '2008-03-14'),
    annex(Doctype.MaintenanceLog, 'maintenance-log', "Carnet d'entretien", '2025-01-15'),
    annex(Doctype.Plans, 'plans', 'Plans des parties communes', '1961-09-30'),
  ];
}

export function annex(
  doctype: Doctype,
  kind: PreStatementAnnex['kind'],
  title: string,
  date: string | null,
  pages = 1,
): PreStatementAnnex {
  return { doctype, kind, title, date, pages };
}

export function buildPreStatementInput(overrides: Partial<PreStatementInput> = {}): PreStatementInput {
  return {
    orderid: 'K7Q2ZP',
    externalId: 'DOSSIER-2025-0042',
    testMode: false,
    allDuePaid: false,
    issuedAt: new Date('2025-03-25T17:32:39Z'),
    property: { address: '12 rue des Lilas', additional: 'Bâtiment A', zipcode: '75011', city: 'Paris' },
    owners: [
      { firstname: 'Jeanne', lastname: 'Dupont' },
      { firstname: 'François', lastname: "N'Diaye" },
    ],
    lotsRequested: ['12', '47'],
    syndicName: 'Cabinet Martin',
    statement: buildAccountStatement(),
    documents: buildAnnexes(),
    ...overrides,
  };
}
