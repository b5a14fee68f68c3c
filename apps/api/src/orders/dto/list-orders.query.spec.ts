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

  it.each(['0', '101', 'x', '2.5', '-3', '', '0x10', '1e1', ' 5', '+5'])(
    'refuses limit=%j, naming the parameter',
    (limit) => {
      const error = rejection({ limit });
      expect(error.code).toBe('validation_failed');
      expect(error.detailText).toBe("Le paramètre 'limit' doit être un entier entre 1 et 100");
    },
  );

  // Express gives a repeated parameter as the array of its values.
  it.each([
    [{ limit: ['5', '6'] }, "Le paramètre 'limit' ne doit figurer qu'une fois dans l'adresse"],
    [{ state: ['done', 'waiting'] }, "Le paramètre 'state' ne doit figurer qu'une fois dans l'adresse"],
    [{ external_id: ['a', 'b'] }, "Le paramètre 'external_id' ne doit figurer qu'une fois dans l'adresse"],
    [{ cursor: ['a', 'b'] }, "Le paramètre 'cursor' ne doit figurer qu'une fois dans l'adresse"],
  ])('names %j as repeated, not as a value of the wrong kind', (query, text) => {
    expect(rejection(query).detailText).toBe(text);
  });

  it('names a repeated parameter beside what is wrong with another one', () => {
    expect(rejection({ state: ['done', 'done'], limit: '0' }).detailText).toBe(
      "Le paramètre 'state' ne doit figurer qu'une fois dans l'adresse ; " +
        "Le paramètre 'limit' doit être un entier entre 1 et 100",
    );
  });

  it('ignores an unknown parameter even when repeated', () => {
    expect(validate({ page: ['1', '2'], limit: '3' })).toEqual(
      Object.assign(new ListOrdersQuery(), { limit: 3 }),
    );
  });

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

  it('keeps external_id and cursor as strings', () => {
    expect(validate({ external_id: '42', cursor: 'abc' })).toMatchObject({
      external_id: '42',
      cursor: 'abc',
    });
    expect(rejection({ external_id: 'x'.repeat(256) }).detailText).toBe(
      "Le paramètre 'external_id' ne doit pas dépasser 255 caractères",
    );
  });

  it('drops unknown parameters', () => {
    expect(validate({ page: '2', limit: '3' })).not.toHaveProperty('page');
  });
});
