import { type OrderOwnership } from '../order-ownership';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderRefreshRequestRepository } from './order-refresh-request.repository';
import { type SecretBox } from '@libs/security/secret-box';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type OrderRecord } from '../order-record';
import { type OrderWorkflowGateway } from './order-workflow-gateway';
import { type OrderWorkflowRelay } from '../workflow-starts/order-workflow-relay';
import { type RefreshRequest, resolveRefresh } from './refresh-request';

/**
 * `POST /order/<orderid>/refresh` and the deprecated `POST /order/needrefresh`. The request is stored
 * (password sealed) and only its id goes to the workflow, whose update applies it and answers with the
 * order in `need-refresh`; the workflow alone knows whether the refresh window is still open.
 */
export class OrderRefreshService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly refreshRequests: OrderRefreshRequestRepository,
    private readonly secretBox: SecretBox,
    private readonly workflows: OrderWorkflowGateway,
    /** A refresh right after creation may come before the relay started the order's workflow. */
    private readonly starts: Pick<OrderWorkflowRelay, 'ensureStarted'>,
  ) {}

  async refresh(
    caller: AuthenticatedAccount,
    orderid: string,
    request: RefreshRequest,
  ): Promise<OrderRecord> {
    const order = await this.ownership.orderOf(caller, orderid);
    const { method, syndic } = resolveRefresh(order, request);
    const refreshRequestId = await this.refreshRequests.create({
      orderid: order.orderid,
      comment: request.comment,
      allDuePaid: request.allDuePaid,
      method,
      syndicName: syndic?.name ?? null,
      syndicUsername: syndic?.username ?? null,
      // Same associated data as at creation: the sealed value is copied onto the order when applied.
      syndicPasswordSealed: syndic ? this.secretBox.seal(syndic.password, order.orderid) : null,
      syndicUrl: syndic?.url ?? null,
    });
    await this.starts.ensureStarted(order, caller.email);
    return this.workflows.refresh(order.orderid, refreshRequestId);
  }

  /** The need-refresh body names the account: another account than the caller's is an unknown order. */
  async refreshForAccount(
    caller: AuthenticatedAccount,
    account: string,
    orderid: string,
    request: RefreshRequest,
  ): Promise<OrderRecord> {
    if (account.trim().toLowerCase() !== caller.email.toLowerCase()) throw new DomainError('order_not_found');
    return this.refresh(caller, orderid, request);
  }
}
