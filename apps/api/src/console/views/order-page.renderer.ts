import { type OperatorOrderQuery } from '@libs/fulfilment/operator-order.query';
import { type ConsoleSession } from '@libs/operators/operator-session.service';
import { orderWorkflowId } from '@libs/orders/order-id';
import { CONSOLE_TEXTS as T } from '@libs/platform/messages.fr';
import { type ConsoleViews } from './console-views';
import { type OrderPageInput, presentOrderPage } from './order-page.presenter';

/** Where the Temporal UI shows an order's workflow. */
export interface TemporalUiLink {
  origin: string;
  namespace: string;
}

/** The order page, rendered for a session: what it shows, what the operator's role may do on it. */
export class OrderPageRenderer {
  constructor(
    private readonly orders: OperatorOrderQuery,
    private readonly views: ConsoleViews,
    private readonly temporalUi: TemporalUiLink,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async render(
    session: ConsoleSession,
    orderid: string,
    options: Pick<OrderPageInput, 'notice' | 'revealed' | 'previewDocumentId' | 'refused'> = {},
  ): Promise<string> {
    const view = await this.orders.view(orderid);
    const page = presentOrderPage({
      view,
      operator: session.operator,
      now: this.clock(),
      temporalUrl: `${this.temporalUi.origin}/namespaces/${encodeURIComponent(this.temporalUi.namespace)}/workflows/${orderWorkflowId(view.order.orderid)}`,
      ...options,
    });
    return this.views.render(
      'order',
      {
        title: T.order.title(view.order.orderid),
        operator: operatorOf(session),
        csrfToken: session.csrfToken,
      },
      { page, orderid: view.order.orderid },
    );
  }
}

export function operatorOf(session: ConsoleSession): { email: string; roleLabel: string } {
  return { email: session.operator.email, roleLabel: T.roles[session.operator.role] };
}
