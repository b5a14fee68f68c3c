import { buildAccountStatement, wireStatementOf } from '@test/support/pre-statement-input.factory';
import { WireFormatError } from './statement-schema';
import { parseWireStatement } from './statement-wire.parser';
import { readStoredStatement } from './stored-statement.reader';
import { type WireStatement } from './wire-statement';

/** What orders.statement holds once the collection stored the parsed answer. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function damaged(damage: (wire: WireStatement) => void): WireStatement {
  const wire = wireStatementOf();
  damage(wire);
  return wire;
}

describe('parseWireStatement', () => {
  it('reads a connector’s answer into the model, which reads back once stored', () => {
    const parsed = parseWireStatement(wireStatementOf());
    expect(parsed).toEqual(buildAccountStatement());
    expect(readStoredStatement(stored(parsed))).toEqual(parsed);
  });

  // Stored, such an answer made every later read throw: no pre-statement, no `done`.
  it.each([
    [
      'the same lot twice ("12" and "12 ")',
      (wire: WireStatement) => (wire.lots[1].number = '12 '),
      "statement.lots[1].number is not a lot number listed once (lot '12 ' is listed twice)",
    ],
    [
      'calls for funds not in due-date order',
      (wire: WireStatement) => wire.callsForFunds!.reverse(),
      'statement.callsForFunds[1].dueDate is not a due date on or after the previous call’s ' +
        '(calls for funds in due-date order)',
    ],
    [
      'a current fiscal year that starts after it ends',
      (wire: WireStatement) =>
        (wire.coOwnership.currentFiscalYear = { start: '2025-12-31', end: '2025-01-01' }),
      'statement.coOwnership.currentFiscalYear is not a fiscal year that starts before it ends',
    ],
    [
      'a past fiscal year that starts after it ends',
      (wire: WireStatement) =>
        (wire.chargesHistory![1].fiscalYear = { start: '2023-12-31', end: '2023-01-01' }),
      'statement.chargesHistory[1].fiscalYear is not a fiscal year that starts before it ends',
    ],
  ])(
    'refuses, as a malformed answer, what the stored statement’s reader would: %s',
    (_label, damage, message) => {
      const read = () => parseWireStatement(damaged(damage));
      expect(read).toThrow(WireFormatError);
      expect(read).toThrow(message);
    },
  );

  it('refuses an amount its sums could not add exactly', () => {
    const read = () =>
      parseWireStatement(damaged((wire) => (wire.sellerOwes.budgetProvisionsDue = 5_000_000_000_000_000)));
    expect(read).toThrow(WireFormatError);
    expect(read).toThrow(
      'statement.sellerOwes.budgetProvisionsDue is not a non-negative integer amount in cents of at most ' +
        '1000000000000 in absolute value',
    );
  });
});
