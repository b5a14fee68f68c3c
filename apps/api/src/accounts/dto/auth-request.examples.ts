import { type DocumentedExample } from '../../openapi/endpoint.decorator';
import { EXAMPLE_ACCOUNT_EMAIL } from '../../openapi/example-values';

export const AUTH_EXAMPLES: Record<string, DocumentedExample> = {
  credentials: {
    summary: 'Adresse e-mail et mot de passe du compte',
    value: { email: EXAMPLE_ACCOUNT_EMAIL, password: 'un long mot de passe' },
  },
  passwordMissing: {
    summary: 'Refusé (400) : mot de passe manquant',
    value: { email: EXAMPLE_ACCOUNT_EMAIL },
    'x-expected-status': 400,
  },
};
