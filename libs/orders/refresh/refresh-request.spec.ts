import { DomainError } from '@libs/platform/domain-error';
import { type RefreshRequest, resolveRefresh } from './refresh-request';

type Order = Parameters<typeof resolveRefresh>[0];

const extranetOrder: Order = {
  method: 'extranet',
  syndicName: 'Foncia',
  syndicPasswordSealed: 'v1.dev.sealed',
  syndicUrl: 'https://extranet.foncia.fr',
};
const uploadOrder: Order = {
  method: 'upload',
  syndicName: null,
  syndicPasswordSealed: null,
  syndicUrl: null,
};
const syndic = { name: 'Foncia', username: 'marie', password: 'nouveau', url: null };

function request(overrides: Partial<RefreshRequest> = {}): RefreshRequest {
  return { allDuePaid: false, comment: '', method: 'extranet', syndic: null, ...overrides };
}

function rejection(order: Order, r: RefreshRequest): DomainError {
  try {
    resolveRefresh(order, r);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('accepted');
}

describe('resolveRefresh', () => {
  it('keeps the stored credentials when the syndic is omitted', () => {
    expect(resolveRefresh(extranetOrder, request())).toEqual({ method: 'extranet', syndic: null });
  });

  it('takes new credentials, keeping the extranet address of the same syndic', () => {
    expect(resolveRefresh(extranetOrder, request({ syndic }))).toEqual({
      method: 'extranet',
      syndic: { ...syndic, url: 'https://extranet.foncia.fr' },
    });
    expect(
      resolveRefresh(extranetOrder, request({ syndic: { ...syndic, name: 'Nexity' } })).syndic?.url,
    ).toBeNull();
    expect(
      resolveRefresh(extranetOrder, request({ syndic: { ...syndic, url: 'https://autre.example' } })).syndic
        ?.url,
    ).toBe('https://autre.example');
  });

  it('defaults the method to the order’s', () => {
    expect(resolveRefresh(extranetOrder, request({ method: null })).method).toBe('extranet');
    expect(resolveRefresh(uploadOrder, request({ method: null }))).toEqual({
      method: 'upload',
      syndic: null,
    });
  });

  it('answers the syndic error for extranet without any credentials', () => {
    expect(rejection(uploadOrder, request()).code).toBe('syndic_invalid');
    expect(rejection({ ...extranetOrder, syndicPasswordSealed: null }, request()).code).toBe(
      'syndic_invalid',
    );
  });

  it('answers the syndic error for incomplete credentials', () => {
    expect(rejection(extranetOrder, request({ syndic: { ...syndic, password: ' ' } })).code).toBe(
      'syndic_invalid',
    );
  });

  it('moves an upload order to the extranet when credentials come with the refresh', () => {
    expect(resolveRefresh(uploadOrder, request({ syndic }))).toEqual({ method: 'extranet', syndic });
  });

  it('accepts upload only for upload orders, and ignores a syndic then', () => {
    expect(resolveRefresh(uploadOrder, request({ method: 'upload', syndic }))).toEqual({
      method: 'upload',
      syndic: null,
    });
    const error = rejection(extranetOrder, request({ method: 'upload' }));
    expect(error.code).toBe('validation_failed');
    expect(error.detailText).toBe("Le champ 'method' doit valoir 'extranet'");
  });
});
