import { bearerCredentials } from './bearer-credentials';

describe('bearerCredentials', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer abc.def.ghi', 'abc.def.ghi'],
    ['BEARER abc.def.ghi', 'abc.def.ghi'],
    // RFC 9110's 1*SP between the scheme and its credentials.
    ['Bearer  abc.def.ghi', 'abc.def.ghi'],
    ['Bearer    abc.def.ghi', 'abc.def.ghi'],
    // What follows is the credentials as they are: each route decides whether they are its token.
    ['Bearer a token with spaces', 'a token with spaces'],
  ])('reads %j as %j', (header, credentials) => {
    expect(bearerCredentials(header)).toBe(credentials);
  });

  it.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Bearerabc.def.ghi',
    'Bearer\tabc.def.ghi',
    'Basic dXNlcjpwYXNz',
    'Token Bearer abc',
  ])('finds no bearer credentials in %j', (header) => {
    expect(bearerCredentials(header)).toBeNull();
  });
});
