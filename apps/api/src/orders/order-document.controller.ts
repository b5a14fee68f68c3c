import { Body, Controller, Get, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import {
  OrderDocumentUploadService,
  type UploadReceipt,
} from '@libs/orders/documents/order-document-upload.service';
import { PreStatementDownloadService } from '@libs/orders/documents/pre-statement-download.service';
import { decodeUploadedDocuments } from '@libs/orders/documents/uploaded-document';
import { CurrentAccount } from '../auth/current-account.decorator';
import { type Envelope, successEnvelope } from '../http/envelope';
import {
  DownloadDossierDocs,
  DownloadPreStatementDocs,
  UploadDocumentsDocs,
} from '../openapi/operations/order-document.docs';
import { UploadDocumentsDto } from './dto/upload-documents.dto';
import { JsonBody } from '../http/json-body.decorator';

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
  @UploadDocumentsDocs()
  async upload(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
    @Body() body: UploadDocumentsDto,
  ): Promise<Envelope<UploadReceipt>> {
    const receipt = await this.uploads.upload(caller, orderid, decodeUploadedDocuments(body.documents, 1));
    return successEnvelope(receipt);
  }

  @Get(':orderid/document')
  @DownloadPreStatementDocs()
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
  @DownloadDossierDocs()
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
