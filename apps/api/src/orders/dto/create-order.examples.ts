import { type DocumentedExample } from '../../openapi/endpoint.decorator';
import { EXAMPLE_ACCOUNT_EMAIL, EXAMPLE_PDF_BASE64, EXAMPLE_SYNDIC } from '../../openapi/example-values';

/** The creation body of the published interface, in test mode so that trying it costs nothing. */
const CREATE_ORDER_EXAMPLE = {
  email: EXAMPLE_ACCOUNT_EMAIL,
  address: '12 rue des Lilas',
  additional: '',
  city: 'Lyon',
  zipcode: '69003',
  owners: [{ firstname: 'Marie', lastname: 'Dupont' }],
  invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
  method: 'extranet',
  syndic: EXAMPLE_SYNDIC,
  all_due_paid: false,
  external_id: 'DOSSIER-42',
  test_mode: true,
};

export const CREATE_ORDER_EXAMPLES: Record<string, DocumentedExample> = {
  extranet: {
    summary: 'Méthode extranet (interface publiée), en mode test',
    description:
      "Le service se connecte à l'extranet du syndic avec les identifiants du vendeur. En mode test, " +
      "l'extranet de démonstration est utilisé quel que soit le syndic indiqué.",
    value: CREATE_ORDER_EXAMPLE,
  },
  upload: {
    summary: 'Méthode upload : les documents sont envoyés par le client',
    value: {
      address: '8 avenue Jean Jaurès',
      additional: 'Bâtiment B, 3e étage',
      city: 'Villeurbanne',
      zipcode: '69100',
      owners: [
        { firstname: 'Paul', lastname: 'Martin' },
        { firstname: 'Claire', lastname: 'Martin' },
      ],
      invoice: { address: '3 place Bellecour', city: 'Lyon', zipcode: '69002', lastname: 'Étude Martin' },
      method: 'upload',
      lots: '12, 47',
      external_id: 4242,
      test_mode: true,
      documents: [
        {
          doctype: 1,
          filename: 'fiche-synthetique.pdf',
          mimetype: 'application/pdf',
          content: EXAMPLE_PDF_BASE64,
        },
        {
          doctype: 4,
          kind: 'works-plan',
          filename: 'plan-pluriannuel-de-travaux.pdf',
          mimetype: 'application/pdf',
          content: EXAMPLE_PDF_BASE64,
        },
      ],
    },
  },
  syndicMissing: {
    summary: 'Refusé (400) : méthode extranet sans syndic',
    value: { ...CREATE_ORDER_EXAMPLE, syndic: undefined },
    'x-expected-status': 400,
  },
  zipcodeInvalid: {
    summary: 'Refusé (400) : code postal invalide',
    value: { ...CREATE_ORDER_EXAMPLE, zipcode: '6900' },
    'x-expected-status': 400,
  },
};
