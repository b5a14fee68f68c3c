import { Doctype } from '@libs/orders/doctype';
import { type AccountStatement } from '@libs/extranet/account-statement';
import { type PreStatementAnnex, type PreStatementInput } from '@libs/pre-statement/pre-statement-input';

/** A complete account statement with distinctive figures (each amount appears once in the PDF). */
export function buildAccountStatement(overrides: Partial<AccountStatement> = {}): AccountStatement {
  return {
    statementDate: '2025-03-20',
    coOwnership: {
      name: 'Résidence Les Tilleuls',
      address: '12 rue des Lilas',
      zipcode: '75011',
      city: 'Paris',
      registrationNumber: 'AB1234567',
      syndicName: 'Cabinet Martin Gestion',
      currentFiscalYear: { start: '2025-01-01', end: '2025-12-31' },
    },
    lots: [
      {
        number: '12',
        description: 'Appartement de 3 pièces, 2e étage, bâtiment A',
        shares: 245,
        owners: [{ firstname: 'Jeanne', lastname: 'Dupont' }],
      },
      {
        number: '47',
        description: 'Cave n° 7 au sous-sol',
        shares: 8,
        owners: [{ firstname: 'Jeanne', lastname: 'Dupont' }],
      },
    ],
    sellerOwes: {
      budgetProvisionsDue: 123456,
      horsBudgetProvisionsDue: 45000,
      unpaidPreviousYears: 0,
      otherSumsDue: 1250,
    },
    syndicateOwes: { advances: 35000, creditBalance: 2199 },
    buyerWillBear: { advancesToReconstitute: 35000, provisionsNotYetDue: 98765 },
    chargesHistory: [
      {
        fiscalYear: { start: '2024-01-01', end: '2024-12-31' },
        budgetCalled: 240000,
        budgetActual: 231234,
        horsBudgetCalled: 60000,
        horsBudgetActual: 58810,
      },
      {
        fiscalYear: { start: '2023-01-01', end: '2023-12-31' },
        budgetCalled: 228000,
        budgetActual: 229517,
        horsBudgetCalled: 0,
        horsBudgetActual: 0,
      },
    ],
    syndicateUnpaidCharges: 1843290,
    supplierDebt: 754321,
    worksFund: { lotShare: 187500, lastContribution: 12345 },
    ...overrides,
  };
}

/** The required annexes found, the asbestos diagnostic missing. */
export function buildAnnexes(): PreStatementAnnex[] {
  return [
    { doctype: Doctype.SummarySheet, title: 'Fiche synthétique 2025', date: '2025-02-10', found: true },
    { doctype: Doctype.Minutes, title: 'PV AG du 12 juin 2024', date: '2024-06-12', found: true },
    { doctype: Doctype.Minutes, title: 'PV AG du 15 juin 2023', date: '2023-06-15', found: true },
    { doctype: Doctype.Minutes, title: 'PV AG du 9 juin 2022', date: '2022-06-09', found: true },
    { doctype: Doctype.CoOwnershipRules, title: 'Règlement de copropriété', date: '1968-04-02', found: true },
    { doctype: Doctype.MaintenanceLog, title: "Carnet d'entretien", date: '2025-01-15', found: true },
    { doctype: Doctype.AsbestosDiagnostic, title: 'DTA', date: null, found: false },
  ];
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
    comment: null,
    ...overrides,
  };
}
