import { type PreStatementInput } from './pre-statement-input';
import { renderPreStatementPdf } from './pre-statement.renderer';

/**
 * The specimen carried by test `done` notifications of orders that have no pre-statement yet: a
 * real document of the service, marked SPÉCIMEN, whose figures are all "non communiqué".
 */
export function renderSpecimenPreStatement(
  orderid: string,
  externalId: string,
  issuedAt: Date,
): Promise<Buffer> {
  const input: PreStatementInput = {
    orderid,
    externalId,
    testMode: true,
    allDuePaid: false,
    issuedAt,
    property: { address: '1 rue du Spécimen', additional: '', zipcode: '75001', city: 'Paris' },
    owners: [{ firstname: 'Prénom', lastname: 'Nom' }],
    lotsRequested: null,
    syndicName: 'Syndic spécimen',
    statement: null,
    documents: [],
  };
  return renderPreStatementPdf(input);
}
