import {
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type Response } from 'express';
import { type DocumentToAttach, OperatorActionsService } from '@libs/fulfilment/operator-actions.service';
import { type ConsoleSession } from '@libs/operators/operator-session.service';
import { type DocumentKind, isDocumentKind } from '@libs/orders/document-kind';
import { DomainError, ValuesRefused } from '@libs/platform/domain-error';
import { CONSOLE_TEXTS as T } from '@libs/platform/messages.fr';
import { isUuid } from '@libs/platform/uuid';
import { checkStatementForm } from '@libs/statement/statement-form.reader';
import { Public } from '../platform/security/public.decorator';
import { ConsoleExceptionFilter } from './http/console-exception.filter';
import { ConsoleForm } from './http/console-form.decorator';
import { type ConsoleFormRequest as FormRequest } from './http/console-form.reader';
import { ConsoleFormDrafts, DRAFT_PARAM } from './session/console-form-drafts';
import { CurrentSession } from './session/console-session.decorator';
import { ConsoleSessionGuard } from './session/console-session.guard';
import { ATTACHMENT_SLOTS, type OrderPageNotice } from './views/order-page.presenter';
import { OrderPageRenderer } from './views/order-page.renderer';

/**
 * An order's page on the console and the actions on it: each parses its form, calls one service
 * (libs/fulfilment, the same rules the workflow checks) and returns to the page, which says what was
 * done; a refusal is the page again, with what the form held (ConsoleExceptionFilter).
 */
@Public()
@ApiExcludeController()
@UseFilters(ConsoleExceptionFilter)
@UseGuards(ConsoleSessionGuard)
@Controller('console/orders/:orderid')
export class ConsoleOrderController {
  constructor(
    private readonly pages: OrderPageRenderer,
    private readonly actions: OperatorActionsService,
    private readonly drafts: ConsoleFormDrafts,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Query('fait') done?: string,
    @Query('apercu') preview?: string,
    @Query(DRAFT_PARAM) draft?: string,
  ): Promise<string> {
    const kept = await this.drafts.take(draft, session.operator.id, orderid);
    return this.pages.render(session, orderid, {
      notice: noticeOf(done),
      previewDocumentId: preview === undefined ? undefined : Number(preview),
      ...kept,
    });
  }

  /**
   * A refused form's page is shown at the address the form was posted to: asked again from there (the
   * address bar, a bookmark, a link passed on), it is the order's page, not a 405 for a GET.
   */
  @Get([
    'statement',
    'documents',
    'document-existence',
    'release',
    'hand-back',
    'assist',
    'cancel',
    'syndic-access',
    'notifications/:notificationId/redeliver',
  ])
  backToPage(@Param('orderid') orderid: string, @Res() res: Response): void {
    res.redirect(303, `/console/orders/${encodeURIComponent(orderid)}`);
  }

  @Post('statement')
  @ConsoleForm('form')
  async fileStatement(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Req() req: FormRequest,
    @Res() res: Response,
  ): Promise<void> {
    const checked = checkStatementForm(req.body.fields);
    if (!checked.valid) throw new ValuesRefused(checked.issues);
    await this.actions.fileStatement(
      session.operator,
      orderid,
      checked.statement,
      actionIdOf(req),
      roundOf(req),
    );
    done(res, orderid, 'statement_filed', 'releve');
  }

  @Post('documents')
  @ConsoleForm('upload')
  async attachDocuments(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Req() req: FormRequest,
    @Res() res: Response,
  ): Promise<void> {
    const documents: DocumentToAttach[] = [];
    for (let slot = 1; slot <= ATTACHMENT_SLOTS; slot++) {
      const file = req.body.files.find((f) => f.field === `fichier_${slot}`);
      if (!file) continue;
      documents.push({
        kind: kindField(req.body.fields[`nature_${slot}`]),
        filename: file.filename,
        contentType: file.mimeType,
        content: file.content,
      });
    }
    await this.actions.attachDocuments(session.operator, orderid, documents, actionIdOf(req), roundOf(req));
    done(res, orderid, 'documents_attached', 'documents');
  }

  @Post('document-existence')
  @ConsoleForm('form')
  async markDocumentExistence(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Req() req: FormRequest,
    @Res() res: Response,
  ): Promise<void> {
    const { kind, exists } = req.body.fields;
    await this.actions.markDocumentExistence(
      session.operator,
      orderid,
      kindField(kind),
      existsField(exists),
      actionIdOf(req),
      roundOf(req),
    );
    done(res, orderid, 'document_existence_marked', 'documents');
  }

  @Post('release')
  @ConsoleForm('form')
  async release(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Req() req: FormRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.actions.release(session.operator, orderid, actionIdOf(req), roundOf(req));
    done(res, orderid, 'released', 'traitement');
  }

  @Post('hand-back')
  @ConsoleForm('form')
  async handBack(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Req() req: FormRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.actions.handBack(session.operator, orderid, actionIdOf(req), roundOf(req));
    done(res, orderid, 'handed_back', 'traitement');
  }

  @Post('assist')
  @ConsoleForm('form')
  async switchToAssisted(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Req() req: FormRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.actions.switchToAssisted(
      session.operator,
      orderid,
      textField(req, 'note'),
      actionIdOf(req),
      roundOf(req),
    );
    done(res, orderid, 'switched_to_assisted', 'traitement');
  }

  @Post('cancel')
  @ConsoleForm('form')
  async cancel(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Req() req: FormRequest,
    @Res() res: Response,
  ): Promise<void> {
    await this.actions.cancel(
      session.operator,
      orderid,
      textField(req, 'motif'),
      actionIdOf(req),
      roundOf(req),
    );
    done(res, orderid, 'cancelled', 'traitement');
  }

  /** The seller's access, shown on the page it returns (never in a URL), audited before it is opened. */
  @Post('syndic-access')
  @HttpCode(200)
  @ConsoleForm('form')
  async revealSyndicAccess(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Res() res: Response,
  ): Promise<void> {
    const revealed = await this.actions.revealSyndicAccess(session.operator, orderid);
    const html = await this.pages.render(session, orderid, {
      revealed,
      notice: { kind: 'done', text: T.order.revealed },
    });
    res.type('html').send(html);
  }

  @Post('notifications/:notificationId/redeliver')
  @ConsoleForm('form')
  async redeliver(
    @CurrentSession() session: ConsoleSession,
    @Param('orderid') orderid: string,
    @Param('notificationId') notificationId: string,
    @Res() res: Response,
  ): Promise<void> {
    await this.actions.redeliver(session.operator, orderid, notificationId);
    done(res, orderid, 'redelivered', 'notifications');
  }
}

/** Back to the order page, which says what was done (a 303: reloading it sends nothing again). */
function done(res: Response, orderid: string, what: keyof typeof T.done, anchor: string): void {
  res.redirect(303, `/console/orders/${orderid}?fait=${what}#${anchor}`);
}

/** The page's notice from its query: only texts of the catalogue, whatever the query says. */
function noticeOf(done: string | undefined): OrderPageNotice | undefined {
  return done !== undefined && Object.hasOwn(T.done, done)
    ? { kind: 'done', text: T.done[done as keyof typeof T.done] }
    : undefined;
}

/** The form's update id (one per form and page render), or a new one when it is missing or malformed. */
function actionIdOf(req: FormRequest): string {
  const id = req.body.fields._action;
  return typeof id === 'string' && isUuid(id) ? id : crypto.randomUUID();
}

/** The collection round the form's page showed; a form without one (an older page) says nothing. */
function roundOf(req: FormRequest): number | undefined {
  const round = req.body.fields._round;
  if (round === undefined) return undefined;
  if (typeof round !== 'string' || !/^[1-9]\d{0,8}$/.test(round)) {
    throw new DomainError('operator_action_refused', { refusal: 'invalid_request' });
  }
  return Number(round);
}

function kindField(value: unknown): DocumentKind {
  if (!isDocumentKind(value))
    throw new DomainError('operator_action_refused', { refusal: 'invalid_request' });
  return value;
}

/** The form's two buttons say `oui` or `non`; anything else is not taken for either. */
function existsField(value: unknown): boolean {
  if (value === 'oui') return true;
  if (value === 'non') return false;
  throw new DomainError('operator_action_refused', { refusal: 'invalid_request' });
}

function textField(req: FormRequest, name: string): string {
  const value = req.body.fields[name];
  return typeof value === 'string' ? value : '';
}
