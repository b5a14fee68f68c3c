import { buildAccountStatement } from '@test/support/pre-statement-input.factory';
import { confirmed, notCommunicated, valueOf } from './statement-field';
import { StoredStatementUnreadableError, readStoredStatement } from './stored-statement.reader';

/** A statement as orders.statement held it before the model carried a status per field. */
const FIRST_VERSION_ROW = {
  statementDate: '2025-03-20',
  coOwnership: {
    name: 'Résidence Les Tilleuls',
    address: '12 rue des Lilas',
    zipcode: '75011',
    city: 'Paris',
    registrationNumber: null,
    syndicName: 'Cabinet Martin Gestion',
    currentFiscalYear: { start: '2025-01-01', end: '2025-12-31' },
  },
  lots: [
    {
      number: '12',
      description: 'Appartement',
      shares: 245,
      owners: [{ firstname: 'Jeanne', lastname: 'Dupont' }],
    },
  ],
  sellerOwes: {
    budgetProvisionsDue: 123456,
    horsBudgetProvisionsDue: 45000,
    unpaidPreviousYears: 0,
    otherSumsDue: null,
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
  ],
  syndicateUnpaidCharges: 1843290,
  supplierDebt: 754321,
  worksFund: { lotShare: 187500, lastContribution: 12345 },
};

describe('readStoredStatement', () => {
  it('reads a statement of the current model as stored (JSON)', () => {
    const statement = buildAccountStatement();
    expect(readStoredStatement(JSON.parse(JSON.stringify(statement)))).toEqual(statement);
  });

  it('reads a statement stored before the model had statuses, so older orders keep rendering', () => {
    const statement = readStoredStatement(FIRST_VERSION_ROW)!;
    expect(statement.version).toBe(2);
    expect(statement.filedBy).toBe('connector');
    expect(statement.coOwnership.name).toEqual(confirmed('Résidence Les Tilleuls'));
    expect(statement.coOwnership.registrationNumber).toEqual(notCommunicated());
    expect(statement.syndic.name).toEqual(confirmed('Cabinet Martin Gestion'));
    expect(statement.sellerOwes.budgetProvisionsDue).toEqual(confirmed(123456));
    expect(statement.sellerOwes.otherSumsDue).toEqual(notCommunicated());
    expect(statement.syndicate.supplierDebt).toEqual(confirmed(754321));
    expect(statement.worksFund.lotShare).toEqual(confirmed(187500));
    // "Actual" charges were not what the seller paid, and one total cannot be split: not communicated.
    expect(valueOf(statement.chargesHistory)![0].budgetPaid).toEqual(notCommunicated());
    expect(statement.buyerWillBear.budgetProvisionsNotYetDue).toEqual(notCommunicated());
  });

  it('reads nothing as no statement, and refuses a version it does not know', () => {
    expect(readStoredStatement(null)).toBeNull();
    expect(() => readStoredStatement({ ...buildAccountStatement(), version: 3 })).toThrow(
      StoredStatementUnreadableError,
    );
  });
});
