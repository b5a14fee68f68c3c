import { type OrderOwnership } from '../order-ownership';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderRefreshRequestRepository } from './order-refresh-request.repository';
import { type SecretBox } from '@libs/security/secret-box';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type OrderRecord } from '../order-record';
import { type OrderWorkflowGateway } from './order-workflow-gateway';
import { type OrderWorkflowRelay } from '../workflow-starts/order-workflow-relay';
import { type RefreshRequest, resolveRefresh } from './refresh-request';
import { type RefreshWindow } from './refresh-window';

/**
 * `POST /order/<orderid>/refresh` and the deprecated `POST /order/needrefresh`. The request is stored
 * (password sealed) and only its id goes to the workflow, whose update applies it and answers with the
 * order in `need-refresh`. An order whose refresh window is over is refused before anything is stored;
 * a request the workflow refuses as closed (a workflow over for another reason) is deleted again, so no
 * refused refresh keeps its credentials.
 */
export class OrderRefreshService {
  constructor(
    private readonly ownership: OrderOwnership,
    private readonly refreshRequests: OrderRefreshRequestRepository,
    private readonly secretBox: SecretBox,
    private readonly workflows: OrderWorkflowGateway,
    /** A refresh right after creation may come before the relay started the order's workflow. */
    private readonly starts: Pick<OrderWorkflowRelay, 'ensureStarted'>,
    private readonly refreshWindow: RefreshWindow,
  ) {}

  async refresh(
    caller: AuthenticatedAccount,
    orderid: string,
    request: RefreshRequest,
  ): Promise<OrderRecord> {
    const order = await this.ownership.orderOf(caller, orderid);
    const { method, syndic } = resolveRefresh(order, request);
    if (this.refreshWindow.isOver(order.doneAt)) throw new DomainError('order_closed');
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
    try {
      return await this.workflows.refresh(order.orderid, refreshRequestId);
    } catch (error) {
      // Refused for good, so never applied. Any other failure (Temporal unreachable, the update's
      // deadline passed) may still be applied: that request stays.
      if (error instanceof DomainError && error.code === 'order_closed') {
        await this.refreshRequests.deleteUnapplied(refreshRequestId);
      }
      throw error;
    }
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
