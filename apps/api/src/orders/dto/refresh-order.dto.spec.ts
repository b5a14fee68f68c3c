import 'reflect-metadata';
import { DtoValidationPipe } from '../../platform/http/dto-validation.pipe';
import { NeedRefreshDto, RefreshOrderDto, toRefreshRequest } from './refresh-order.dto';
import { DomainError } from '@libs/platform/domain-error';
import { OutboundAddressGuard } from '@libs/platform/outbound/outbound-address.guard';

const pipe = new DtoValidationPipe();

function validate<T>(dto: new () => T, body: unknown): T {
  return pipe.transform(body, { type: 'body', metatype: dto }) as T;
}

function rejection(dto: new () => unknown, body: unknown): DomainError {
  try {
    validate(dto, body);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

const syndic = { name: 'Foncia', username: 'marie', password: 'secret' };

describe('RefreshOrderDto', () => {
  it('accepts the published body and defaults the optional fields', () => {
    const dto = validate(RefreshOrderDto, { all_due_paid: true, comment: '', method: 'extranet', syndic });
    expect(toRefreshRequest(dto)).toEqual({
      allDuePaid: true,
      comment: '',
      method: 'extranet',
      syndic: { ...syndic, url: null },
    });
    expect(toRefreshRequest(validate(RefreshOrderDto, {}))).toEqual({
      allDuePaid: false,
      comment: '',
      method: null,
      syndic: null,
    });
  });

  it('lets the syndic be omitted or null (the service decides whether credentials are needed)', () => {
    expect(
      toRefreshRequest(validate(RefreshOrderDto, { method: 'extranet', syndic: null })).syndic,
    ).toBeNull();
  });

  it.each([
    ['not an object', 'Foncia'],
    ['an empty password', { ...syndic, password: '' }],
    ['no username', { name: 'Foncia', password: 'x' }],
  ])('answers the published syndic error for a syndic with %s', (_case, value) => {
    expect(rejection(RefreshOrderDto, { method: 'extranet', syndic: value }).code).toBe('syndic_invalid');
  });

  it('ignores the syndic for the upload method', () => {
    const dto = validate(RefreshOrderDto, { method: 'upload', syndic: 'n/a' });
    expect(toRefreshRequest(dto)).toMatchObject({ method: 'upload', syndic: null });
  });

  it.each([
    [{ all_due_paid: 'oui' }, "Le champ 'all_due_paid' doit être un booléen (true ou false)"],
    [{ comment: 3 }, "Le champ 'comment' doit être une chaîne de caractères"],
    [{ method: 'fax' }, "Le champ 'method' doit valoir 'extranet' ou 'upload'"],
  ])('refuses %j', (body, text) => {
    const error = rejection(RefreshOrderDto, body);
    expect(error.code).toBe('validation_failed');
    expect(error.detailText).toBe(text);
  });
});

describe('NeedRefreshDto', () => {
  it('adds orderid and account to the refresh body', () => {
    const dto = validate(NeedRefreshDto, {
      orderid: 'AB12CD',
      account: 'a@example.fr',
      method: 'extranet',
      syndic,
    });
    expect(dto).toMatchObject({ orderid: 'AB12CD', account: 'a@example.fr' });
    expect(toRefreshRequest(dto).syndic).toEqual({ ...syndic, url: null });
  });

  it.each([
    [{ account: 'a@example.fr' }, "Le champ 'orderid' est obligatoire"],
    [{ orderid: 'AB12CD' }, "Le champ 'account' est obligatoire"],
    [{ orderid: 12, account: 'a@example.fr' }, "Le champ 'orderid' doit être une chaîne de caractères"],
  ])('refuses %j', (body, text) => {
    expect(rejection(NeedRefreshDto, body).detailText).toBe(text);
  });
});

describe('RefreshOrderDto: syndic.url', () => {
  it('refuses a forbidden IP literal in production and credentials in every mode, naming the field', () => {
    const production = new DtoValidationPipe(new OutboundAddressGuard({ allowPrivate: false }, 'extranet'));
    for (const dto of [RefreshOrderDto, NeedRefreshDto]) {
      const body = {
        orderid: 'K7Q2ZP',
        account: 'a@b.fr',
        syndic: { ...syndic, url: 'http://169.254.169.254/' },
      };
      try {
        production.transform(body, { type: 'body', metatype: dto });
        throw new Error('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).detailText).toMatch(
          /^Le champ 'syndic\.url' désigne une adresse interdite/,
        );
      }
    }
    expect(
      rejection(RefreshOrderDto, { syndic: { ...syndic, url: 'https://u:p@extranet.example.fr' } })
        .detailText,
    ).toMatch(/^Le champ 'syndic\.url' ne doit pas contenir d'identifiants/);
  });
});
