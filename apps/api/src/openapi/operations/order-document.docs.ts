import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { UploadDocumentsDto } from '../../orders/dto/upload-documents.dto';
import { UploadReceiptModel } from '../models/upload-receipt.model';
import { ApiEnvelopeOk, ApiErrorEnvelope, ApiJsonBody } from '../openapi-envelope';
import { ERROR_EXAMPLES, EXAMPLE_ORDER_ID, UPLOAD_EXAMPLES } from '../openapi-examples';
import { OPENAPI_TAGS } from '../openapi-tags';
import { OrderIdParam } from './order.docs';

export const UploadDocumentsDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.documents.name),
    ApiOperation({
      operationId: 'uploadDocuments',
      summary: 'Envoyer des documents pour une commande',
      description:
        'Méthode upload (ou pour compléter l’extranet) : 1 à 20 documents en base64, corps limité à 30 Mio. ' +
        'Un PDF est vérifié (en-tête `%PDF-` et marqueur `%%EOF`). Une commande en attente (`waiting`) ' +
        'reprend aussitôt. Chaque document refusé est nommé par son index.',
    }),
    OrderIdParam(),
    ApiJsonBody(UploadDocumentsDto, 'Documents à ajouter', UPLOAD_EXAMPLES),
    ApiEnvelopeOk(UploadReceiptModel, 'Documents enregistrés', {
      recu: {
        summary: 'Un document enregistré',
        value: {
          message: null,
          payload: {
            documents: [
              { doctype: 2, filename: 'pv-ag-2024.pdf', id: 17, mimetype: 'application/pdf', size: 48213 },
            ],
            orderid: EXAMPLE_ORDER_ID,
          },
          success: true,
        },
      },
    }),
    ApiErrorEnvelope(404, 'Commande inconnue', { orderNotFound: ERROR_EXAMPLES.orderNotFound }),
  );

export const DownloadPreStatementDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.documents.name),
    ApiOperation({
      operationId: 'downloadPreStatement',
      summary: 'Télécharger le pré-état daté (PDF)',
      description:
        'Le PDF de la dernière version terminée, en pièce jointe. Le même fichier arrive en base64 dans ' +
        '`content` de la notification `done`.',
    }),
    OrderIdParam(),
    ApiProduces('application/pdf'),
    ApiResponse({
      status: 200,
      description: 'Le pré-état daté',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    }),
    ApiErrorEnvelope(404, 'Commande inconnue', { orderNotFound: ERROR_EXAMPLES.orderNotFound }),
    ApiErrorEnvelope(409, 'Pas encore terminé (état autre que done)', {
      documentNotReady: ERROR_EXAMPLES.documentNotReady,
    }),
  );

export const DownloadDossierDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.documents.name),
    ApiOperation({
      operationId: 'downloadDossier',
      summary: 'Télécharger le dossier complet (PDF)',
      description:
        'Un seul PDF : le pré-état daté de la dernière version terminée suivi de chacune de ses annexes, ' +
        'dans l’ordre et sous le numéro de la liste des annexes, chacune avec son signet. Mêmes règles ' +
        'que le pré-état daté (409 avant `done`). Quand le contrat du compte le permet, la notification ' +
        '`done` le donne aussi dans `documents` (doctype 10, commentaire « Dossier complet… »).',
    }),
    OrderIdParam(),
    ApiProduces('application/pdf'),
    ApiResponse({
      status: 200,
      description: 'Le dossier complet',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    }),
    ApiErrorEnvelope(404, 'Commande inconnue', { orderNotFound: ERROR_EXAMPLES.orderNotFound }),
    ApiErrorEnvelope(409, 'Pas encore terminé, ou pré-état daté produit avant le dossier', {
      documentNotReady: ERROR_EXAMPLES.documentNotReady,
      dossierNotAvailable: ERROR_EXAMPLES.dossierNotAvailable,
    }),
  );
