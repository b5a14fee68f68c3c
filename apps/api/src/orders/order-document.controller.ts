import { Body, Controller, Get, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import {
  OrderDocumentUploadService,
  type UploadReceipt,
} from '@libs/orders/documents/order-document-upload.service';
import { PreStatementDownloadService } from '@libs/orders/documents/pre-statement-download.service';
import { decodeUploadedDocuments } from '@libs/orders/documents/uploaded-document';
import { CurrentAccount } from '../platform/security/current-account.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { Endpoint } from '../openapi/endpoint.decorator';
import { UploadDocumentsDto } from './dto/upload-documents.dto';
import { UPLOAD_EXAMPLES } from './dto/upload-documents.examples';
import { ORDER_ID_PARAM } from './order-id.param';
import { UPLOAD_RECEIPT_EXAMPLE, UPLOAD_RECEIPT_SCHEMA } from './upload-receipt.schema';
import { JsonBody } from '../platform/http/json-body.decorator';

/** Documents of an order: the client's uploads in, the finished pre-statement and its dossier out. */
@Controller('order')
export class OrderDocumentController {
  constructor(
    private readonly uploads: OrderDocumentUploadService,
    private readonly preStatements: PreStatementDownloadService,
  ) {}

  @Post(':orderid/documents')
  @JsonBody('upload')
  @HttpCode(200)
  @Endpoint({
    tag: 'documents',
    operationId: 'uploadDocuments',
    summary: 'Envoyer des documents pour une commande',
    description:
      'Méthode upload (ou pour compléter l’extranet) : 1 à 20 documents en base64, corps limité à 30 Mio. ' +
      'Un PDF est vérifié (en-tête `%PDF-`, marqueur `%%EOF`, trailer désignant le catalogue `/Root` et ' +
      'ce catalogue). Une commande en attente (`waiting`) ' +
      'reprend aussitôt. Chaque document refusé est nommé par son index.',
    params: [ORDER_ID_PARAM],
    body: { schema: UploadDocumentsDto, description: 'Documents à ajouter', examples: UPLOAD_EXAMPLES },
    ok: {
      schema: UPLOAD_RECEIPT_SCHEMA,
      description: 'Documents enregistrés',
      examples: { recu: { summary: 'Un document enregistré', value: UPLOAD_RECEIPT_EXAMPLE } },
    },
    errors: {
      404: { description: 'Commande inconnue', examples: ['orderNotFound'] },
      409: {
        description: 'Commande clôturée (fenêtre de rafraîchissement dépassée) : rien n’est enregistré',
        examples: ['orderClosed'],
      },
    },
  })
  async upload(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
    @Body() body: UploadDocumentsDto,
  ): Promise<Envelope<UploadReceipt>> {
    const receipt = await this.uploads.upload(caller, orderid, decodeUploadedDocuments(body.documents, 1));
    return successEnvelope(receipt);
  }

  @Get(':orderid/document')
  @Endpoint({
    tag: 'documents',
    operationId: 'downloadPreStatement',
    summary: 'Télécharger le pré-état daté (PDF)',
    description:
      'Le PDF de la dernière version terminée, en pièce jointe. Le même fichier arrive en base64 dans ' +
      '`content` de la notification `done`.',
    params: [ORDER_ID_PARAM],
    ok: {
      description: 'Le pré-état daté',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
    errors: {
      404: { description: 'Commande inconnue', examples: ['orderNotFound'] },
      409: { description: 'Pas encore terminé (état autre que done)', examples: ['documentNotReady'] },
    },
  })
  async download(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
  ): Promise<StreamableFile> {
    const file = await this.preStatements.download(caller, orderid);
    return new StreamableFile(file.content, {
      type: 'application/pdf',
      disposition: `attachment; filename="${file.filename}"`,
      length: file.content.length,
    });
  }

  @Get(':orderid/dossier')
  @Endpoint({
    tag: 'documents',
    operationId: 'downloadDossier',
    summary: 'Télécharger le dossier complet (PDF)',
    description:
      'Un seul PDF : le pré-état daté de la dernière version terminée suivi de chacune de ses annexes, ' +
      'dans l’ordre et sous le numéro de la liste des annexes, chacune avec son signet. Mêmes règles ' +
      'que le pré-état daté (409 avant `done`). Quand le contrat du compte le permet, la notification ' +
      '`done` le donne aussi dans `documents` (doctype 10, commentaire « Dossier complet… »).',
    params: [ORDER_ID_PARAM],
    ok: {
      description: 'Le dossier complet',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
    errors: {
      404: { description: 'Commande inconnue', examples: ['orderNotFound'] },
      409: {
        description: 'Pas encore terminé, ou pré-état daté produit avant le dossier',
        examples: ['documentNotReady', 'dossierNotAvailable'],
      },
    },
  })
  async downloadDossier(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
  ): Promise<StreamableFile> {
    const file = await this.preStatements.downloadDossier(caller, orderid);
    return new StreamableFile(file.content, {
      type: 'application/pdf',
      disposition: `attachment; filename="${file.filename}"`,
      length: file.content.length,
    });
  }
}
