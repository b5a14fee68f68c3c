import { Controller, Get, Param, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type Response } from 'express';
import { OperatorOrderQuery } from '@libs/fulfilment/operator-order.query';
import { type ConsoleSession } from '@libs/operators/operator-session.service';
import { PreStatementDownloadService } from '@libs/orders/documents/pre-statement-download.service';
import { Public } from '../platform/security/public.decorator';
import { ConsoleExceptionFilter } from './http/console-exception.filter';
import { CurrentSession } from './session/console-session.decorator';
import { ConsoleSessionGuard } from './session/console-session.guard';
import { isPreviewable } from './views/previewable-media-types';

/**
 * An order's files on the console: its documents (downloaded, or shown inline in the page's preview
 * frame) and the pre-statement and dossier, under the rules the API applies to clients.
 */
@Public()
@ApiExcludeController()
@UseFilters(ConsoleExceptionFilter)
@UseGuards(ConsoleSessionGuard)
@Controller('console/orders/:orderid')
export class ConsoleOrderFilesController {
  constructor(
    private readonly orders: OperatorOrderQuery,
    private readonly preStatements: PreStatementDownloadService,
  ) {}

  @Get('documents/:documentId')
  async document(
    @Param('orderid') orderid: string,
    @Param('documentId') documentId: string,
    @Query('apercu') preview: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.orders.document(orderid, Number(documentId));
    send(res, file, preview !== undefined && isPreviewable(file.mimetype) ? 'inline' : 'attachment');
  }

  @Get('pre-statement')
  async preStatement(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.preStatements.download(session.operator, orderid);
    send(res, { ...file, mimetype: 'application/pdf' }, 'attachment');
  }

  @Get('dossier')
  async dossier(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.preStatements.downloadDossier(session.operator, orderid);
    send(res, { ...file, mimetype: 'application/pdf' }, 'attachment');
  }
}

function send(
  res: Response,
  file: { filename: string; mimetype: string; content: Buffer },
  disposition: 'inline' | 'attachment',
): void {
  res
    .type(file.mimetype)
    .setHeader('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .send(file.content);
}
