import { Body, Controller, Header, HttpCode, Param, Post } from '@nestjs/common';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { OrderRefreshService } from '@libs/orders/refresh/order-refresh.service';
import { type OrderRecord } from '@libs/orders/order-record';
import { CurrentAccount } from '../platform/security/current-account.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { Endpoint } from '../openapi/endpoint.decorator';
import { NeedRefreshDto, RefreshOrderDto, toRefreshRequest } from './dto/refresh-order.dto';
import { NEED_REFRESH_EXAMPLES, REFRESH_EXAMPLES } from './dto/refresh-order.examples';
import { ORDER_ID_PARAM } from './order-id.param';
import { ORDER_RECORD_EXAMPLE, ORDER_RECORD_SCHEMA } from './order-record.schema';
import { JsonBody } from '../platform/http/json-body.decorator';

/** Both routes answer the record in `need-refresh`. */
const REFRESHED = {
  schema: ORDER_RECORD_SCHEMA,
  description: 'Rafraîchissement demandé',
  examples: {
    rafraichie: {
      summary: 'Commande à l’état need-refresh',
      value: {
        ...ORDER_RECORD_EXAMPLE,
        refreshed: true,
        state: 'need-refresh',
        updated: 'Mon, 14 Apr 2025 09:05:12 GMT',
      },
    },
  },
};

/**
 * Refresh routes. Static paths (`needrefresh`) are declared before the `:orderid` ones and this
 * controller is registered before the other order controllers, so no parameter route captures them.
 */
@Controller('order')
export class OrderRefreshController {
  constructor(private readonly refreshes: OrderRefreshService) {}

  /**
   * Deprecated: the published interface's refresh by body, kept for existing clients. Same effect and
   * answer as `POST /order/<orderid>/refresh`, which new clients should use.
   */
  @Post('needrefresh')
  @JsonBody('standard')
  @HttpCode(200)
  @Header('Deprecation', 'true')
  @Endpoint({
    tag: 'orders',
    operationId: 'needRefresh',
    deprecated: true,
    summary: 'Demander le rafraîchissement (forme obsolète, par le corps)',
    description:
      'Même effet et même réponse que `POST /order/{orderid}/refresh`, à préférer. `account` doit être ' +
      'l’adresse du compte authentifié (404 sinon). La réponse porte l’en-tête `Deprecation: true`.',
    body: {
      schema: NeedRefreshDto,
      description: 'Commande, compte et paramètres du rafraîchissement',
      examples: NEED_REFRESH_EXAMPLES,
    },
    ok: REFRESHED,
    errors: {
      404: { description: 'Commande inconnue ou compte différent', examples: ['orderNotFound'] },
      409: { description: 'Commande clôturée', examples: ['orderClosed'] },
    },
  })
  async needRefresh(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Body() body: NeedRefreshDto,
  ): Promise<Envelope<OrderRecord>> {
    const record = await this.refreshes.refreshForAccount(
      caller,
      body.account,
      body.orderid,
      toRefreshRequest(body),
    );
    return successEnvelope(record);
  }

  @Post(':orderid/refresh')
  @JsonBody('standard')
  @HttpCode(200)
  @Endpoint({
    tag: 'orders',
    operationId: 'refreshOrder',
    summary: 'Demander le rafraîchissement d’une commande',
    description:
      'Passe la commande à `need-refresh` (message null) puis relance la collecte : depuis n’importe quel ' +
      'état, y compris des semaines après `done` (fenêtre de 180 jours par défaut, 409 au-delà). ' +
      '`syndic` peut être omis quand la commande a déjà des identifiants ; un rafraîchissement en cours ' +
      'est relancé avec les nouveaux paramètres.',
    params: [ORDER_ID_PARAM],
    body: {
      schema: RefreshOrderDto,
      description: 'Paramètres du rafraîchissement',
      examples: REFRESH_EXAMPLES,
    },
    ok: REFRESHED,
    errors: {
      400: { description: 'Corps invalide', examples: ['syndicInvalid', 'syndicUrlRefused'] },
      404: { description: 'Commande inconnue', examples: ['orderNotFound'] },
      409: {
        description: 'Commande clôturée (fenêtre de rafraîchissement dépassée)',
        examples: ['orderClosed'],
      },
    },
  })
  async refresh(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
    @Body() body: RefreshOrderDto,
  ): Promise<Envelope<OrderRecord>> {
    return successEnvelope(await this.refreshes.refresh(caller, orderid, toRefreshRequest(body)));
  }
}
