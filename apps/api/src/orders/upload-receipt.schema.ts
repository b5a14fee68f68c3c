import { UploadReceipt, UploadedDocumentSummary } from '@libs/orders/documents/order-document-upload.service';
import { describeSchema } from '../openapi/described-schema';
import { EXAMPLE_ORDER_ID } from '../openapi/example-values';

const UPLOADED_DOCUMENT_SCHEMA = describeSchema(UploadedDocumentSummary, {
  doctype: { type: Number, description: 'Type du document (1 à 10, voir la table des doctypes)', example: 2 },
  filename: {
    type: String,
    description: 'Nom du fichier envoyé, sans espaces au début ni à la fin',
    example: 'pv-ag-2024.pdf',
  },
  id: { type: Number, description: 'Identifiant du document enregistré', example: 17 },
  mimetype: { type: String, description: 'Type MIME du document, en minuscules', example: 'application/pdf' },
  size: { type: Number, description: 'Taille en octets', example: 48213 },
});

/** The answer of `POST /order/{orderid}/documents`. */
export const UPLOAD_RECEIPT_SCHEMA = describeSchema(UploadReceipt, {
  documents: {
    type: [UPLOADED_DOCUMENT_SCHEMA],
    description: 'Les documents enregistrés, dans l’ordre envoyé',
  },
  orderid: { type: String, description: 'Identifiant de la commande', example: EXAMPLE_ORDER_ID },
});

export const UPLOAD_RECEIPT_EXAMPLE: UploadReceipt = {
  documents: [{ doctype: 2, filename: 'pv-ag-2024.pdf', id: 17, mimetype: 'application/pdf', size: 48213 }],
  orderid: EXAMPLE_ORDER_ID,
};
