import 'reflect-metadata';
import { DtoValidationPipe } from '../../platform/http/dto-validation.pipe';
import { ListOrdersQuery } from './list-orders.query';
import { DomainError } from '@libs/platform/domain-error';

const pipe = new DtoValidationPipe();
const validate = (query: Record<string, unknown>) =>
  pipe.transform(query, { type: 'query', metatype: ListOrdersQuery }) as ListOrdersQuery;

function rejection(query: Record<string, unknown>): DomainError {
  try {
    validate(query);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe('ListOrdersQuery validation', () => {
  it('accepts an empty query', () => {
    const query = validate({});
    expect(query).toBeInstanceOf(ListOrdersQuery);
    expect(query.limit).toBeUndefined();
  });

  it('turns the limit string of a query into a number', () => {
    expect(validate({ limit: '5' }).limit).toBe(5);
    expect(validate({ limit: '1' }).limit).toBe(1);
    expect(validate({ limit: '100' }).limit).toBe(100);
  });

  it.each(['0', '101', 'x', '2.5', '-3', '', '0x10', '1e1', ' 5', '+5', ['5', '6']])(
    'refuses limit=%j, naming the parameter',
    (limit) => {
      const error = rejection({ limit });
      expect(error.code).toBe('validation_failed');
      expect(error.detailText).toBe("Le champ 'limit' doit être un entier entre 1 et 100");
    },
  );

  it('accepts each published state as a filter and nothing else', () => {
    for (const state of ['confirmed', 'received', 'waiting', 'done', 'need-refresh']) {
      expect(validate({ state }).state).toBe(state);
    }
    const error = rejection({ state: 'cancelled' });
    expect(error.code).toBe('validation_failed');
    expect(error.detailText).toBe(
      "Le paramètre 'state' doit valoir confirmed, received, waiting, done, need-refresh",
    );
  });

  it('keeps external_id and cursor as strings and refuses repeated parameters', () => {
    expect(validate({ external_id: '42', cursor: 'abc' })).toMatchObject({
      external_id: '42',
      cursor: 'abc',
    });
    // Express turns `?external_id=a&external_id=b` into an array.
    expect(rejection({ external_id: ['a', 'b'] }).detailText).toBe(
      "Le champ 'external_id' doit être une chaîne de caractères",
    );
    expect(rejection({ cursor: ['a', 'b'] }).detailText).toBe("Le paramètre 'cursor' n'est pas valide");
  });

  it('drops unknown parameters', () => {
    expect(validate({ page: '2', limit: '3' })).not.toHaveProperty('page');
  });
});
