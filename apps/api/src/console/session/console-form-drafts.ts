import { type Request } from 'express';
import { type FormDraftRepository } from '@libs/operators/form-draft.repository';
import { CONSOLE_TEXTS as T } from '@libs/platform/messages.fr';
import { isUuid } from '@libs/platform/uuid';
import { CSRF_FIELD } from '../http/console-form.interceptor';
import { PAGE_FORM_LIMITS, readConsoleForm } from '../http/console-form.reader';
import { saysSameOrigin } from '../http/form-origin';
import { type OrderPageNotice, type RefusedForm } from '../views/order-page.presenter';

/** The query parameter (and login field) that carries a kept form's id to the order page. */
export const DRAFT_PARAM = 'brouillon';

/** A kept form's id as a query or a form gives it (absent, repeated, anything), or null. */
export function draftIdOf(value: unknown): string | null {
  return typeof value === 'string' && isUuid(value) ? value : null;
}

/**
 * What an operator sent from an order's page after the session had ended: not applied, kept for that
 * operator, and shown again as typed on the order's page once they have logged in again, as a refused
 * form is. Kept only when the browser vouches that the console's own page sent it (form-origin.ts):
 * values posted by another site never come back as a console page.
 */
export class ConsoleFormDrafts {
  constructor(private readonly drafts: FormDraftRepository) {}

  /** Reads and keeps the form `req` sends to `orderid`'s page; its id, or null when none is kept. */
  async keep(req: Request, operatorId: string, orderid: string): Promise<string | null> {
    if (req.method !== 'POST' || !saysSameOrigin(req)) return null;
    try {
      const { fields } = await readConsoleForm(req, PAGE_FORM_LIMITS);
      // The token was the ended session's, and the page shown again carries the new one.
      delete fields[CSRF_FIELD];
      return await this.drafts.keep(operatorId, { orderid, path: req.path, fields });
    } catch {
      // Too large, malformed, the database away: the login page, as without a draft.
      return null;
    }
  }

  /** Where the operator who just logged in goes to find the kept form `id`; null when it is not theirs. */
  async resumeAt(id: unknown, operatorId: string): Promise<string | null> {
    const draft = draftIdOf(id);
    if (draft === null) return null;
    // The operator is logged in by now: a draft that cannot be looked up sends them to the queue.
    const orderid = await this.drafts.orderOf(draft, operatorId).catch(() => null);
    return orderid === null ? null : `/console/orders/${orderid}?${DRAFT_PARAM}=${draft}`;
  }

  /** The kept form `id` of the operator on `orderid`'s page, taken: what the page shows it with. */
  async take(
    id: unknown,
    operatorId: string,
    orderid: string,
  ): Promise<{ notice: OrderPageNotice; refused: RefusedForm } | null> {
    const draftId = draftIdOf(id);
    if (draftId === null) return null;
    const draft = await this.drafts.take(draftId, operatorId, orderid);
    if (draft === null) return null;
    return {
      notice: { kind: 'error', text: T.errors.draftKept },
      refused: { path: draft.path, fields: draft.fields, issues: [] },
    };
  }
}
