import { type DocumentedExample } from '../../openapi/endpoint.decorator';
import { EXAMPLE_PDF_BASE64 } from '../../openapi/example-values';

export const UPLOAD_EXAMPLES: Record<string, DocumentedExample> = {
  minutes: {
    summary: 'Un procès-verbal d’assemblée générale (doctype 2)',
    value: {
      documents: [
        { doctype: 2, filename: 'pv-ag-2024.pdf', mimetype: 'application/pdf', content: EXAMPLE_PDF_BASE64 },
      ],
    },
  },
  rulesAndDivision: {
    summary: 'Le règlement de copropriété et l’état descriptif de division en un seul acte (doctype 3, kind)',
    value: {
      documents: [
        {
          doctype: 3,
          kind: 'rules-and-division',
          filename: 'reglement-et-edd.pdf',
          mimetype: 'application/pdf',
          content: EXAMPLE_PDF_BASE64,
        },
      ],
    },
  },
  kindOfAnotherType: {
    summary: 'Refusé (400) : une nature qui n’est pas de ce type (un plan de travaux déclaré en type 3)',
    value: {
      documents: [
        {
          doctype: 3,
          kind: 'works-plan',
          filename: 'ppt.pdf',
          mimetype: 'application/pdf',
          content: EXAMPLE_PDF_BASE64,
        },
      ],
    },
    'x-expected-status': 400,
  },
  notPdf: {
    summary: 'Refusé (400) : le contenu n’est pas un PDF',
    value: {
      documents: [
        {
          doctype: 2,
          filename: 'pv-ag-2024.pdf',
          mimetype: 'application/pdf',
          content: Buffer.from('pas un pdf').toString('base64'),
        },
      ],
    },
    'x-expected-status': 400,
  },
};
