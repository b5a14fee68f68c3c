import { type DocumentedExample } from '../../openapi/endpoint.decorator';
import { EXAMPLE_ACCOUNT_EMAIL, EXAMPLE_ORDER_ID, EXAMPLE_SYNDIC } from '../../openapi/example-values';

export const REFRESH_EXAMPLES: Record<string, DocumentedExample> = {
  extranet: {
    summary: 'Nouveaux identifiants extranet (interface publiée)',
    value: {
      all_due_paid: true,
      comment: 'Nouvel appel de fonds reçu',
      method: 'extranet',
      syndic: EXAMPLE_SYNDIC,
    },
  },
  sameCredentials: {
    summary: 'Sans syndic : les identifiants déjà connus sont réutilisés',
    value: { all_due_paid: false, comment: '' },
  },
  syndicIncomplete: {
    summary: 'Refusé (400) : syndic incomplet',
    value: { method: 'extranet', syndic: { name: 'Foncia', username: '', password: 'x' } },
    'x-expected-status': 400,
  },
};

export const NEED_REFRESH_EXAMPLES: Record<string, DocumentedExample> = {
  extranet: {
    summary: 'Interface publiée (obsolète : préférer POST /order/{orderid}/refresh)',
    value: {
      orderid: EXAMPLE_ORDER_ID,
      account: EXAMPLE_ACCOUNT_EMAIL,
      method: 'extranet',
      syndic: EXAMPLE_SYNDIC,
    },
  },
  orderidMissing: {
    summary: 'Refusé (400) : orderid manquant',
    value: { account: EXAMPLE_ACCOUNT_EMAIL, method: 'extranet', syndic: EXAMPLE_SYNDIC },
    'x-expected-status': 400,
  },
};
