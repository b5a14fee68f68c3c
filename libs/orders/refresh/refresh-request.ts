import { DomainError } from '@libs/platform/domain-error';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { type SyndicInput } from '../creation/new-order';

export type CollectionMethod = OrderEntity['method'];

/** A refresh as the client asked for it (refresh body, or need-refresh body), after shape validation. */
export interface RefreshRequest {
  allDuePaid: boolean;
  comment: string;
  /** null: the order's own method (the field is in every published example, but a default is kinder). */
  method: CollectionMethod | null;
  syndic: SyndicInput | null;
}

/** What the refresh will collect with; `syndic` null means the order keeps its stored credentials. */
export interface ResolvedRefresh {
  method: CollectionMethod;
  syndic: SyndicInput | null;
}

type OrderCredentials = Pick<OrderEntity, 'method' | 'syndicName' | 'syndicPasswordSealed' | 'syndicUrl'>;

/**
 * The refresh rules of the contract: `extranet` needs credentials, given now or already stored with
 * the order (otherwise the published syndic error); `upload` is only for orders collected by upload.
 * Syndic details are ignored for `upload`, as at creation.
 */
export function resolveRefresh(order: OrderCredentials, request: RefreshRequest): ResolvedRefresh {
  const method = request.method ?? order.method;
  if (method === 'upload') {
    if (order.method !== 'upload') {
      throw new DomainError('validation_failed', {}, M.oneOf('method', ['extranet']));
    }
    return { method, syndic: null };
  }
  const syndic = request.syndic;
  if (syndic === null) {
    if (order.syndicPasswordSealed === null) throw new DomainError('syndic_invalid');
    return { method, syndic: null };
  }
  if (
    ![syndic.name, syndic.username, syndic.password].every((v) => typeof v === 'string' && v.trim() !== '')
  ) {
    throw new DomainError('syndic_invalid');
  }
  // Correcting a password should not lose the extranet address given at creation for the same syndic.
  const url = syndic.url ?? (syndic.name === order.syndicName ? order.syndicUrl : null);
  return { method, syndic: { ...syndic, url } };
}
