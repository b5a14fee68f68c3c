import { errorEnvelope, successEnvelope } from './envelope';

describe('response envelope', () => {
  it('serialises a success as message, payload, success', () => {
    expect(JSON.stringify(successEnvelope({ orderid: 'AB12CD' }, 'Transaction créée avec succès'))).toBe(
      '{"message":"Transaction créée avec succès","payload":{"orderid":"AB12CD"},"success":true}',
    );
  });

  it('has a null message when none is given', () => {
    expect(JSON.stringify(successEnvelope([1, 2]))).toBe('{"message":null,"payload":[1,2],"success":true}');
  });

  it('keeps a null payload as null rather than dropping the key', () => {
    expect(JSON.stringify(successEnvelope(null))).toBe('{"message":null,"payload":null,"success":true}');
  });

  it('serialises an error as message, null payload, success false', () => {
    expect(JSON.stringify(errorEnvelope('Commande introuvable'))).toBe(
      '{"message":"Commande introuvable","payload":null,"success":false}',
    );
  });
});
