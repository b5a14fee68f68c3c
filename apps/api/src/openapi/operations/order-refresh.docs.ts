import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { NeedRefreshDto, RefreshOrderDto } from '../../orders/dto/refresh-order.dto';
import { OrderRecordModel } from '../models/order-record.model';
import { ApiEnvelopeOk, ApiErrorEnvelope, ApiJsonBody } from '../openapi-envelope';
import {
  ERROR_EXAMPLES,
  NEED_REFRESH_EXAMPLES,
  REFRESHED_ORDER_ENVELOPE_EXAMPLE,
  REFRESH_EXAMPLES,
} from '../openapi-examples';
import { OPENAPI_TAGS } from '../openapi-tags';
import { OrderIdParam } from './order.docs';

const REFRESHED = {
  rafraichie: { summary: 'Commande à l’état need-refresh', value: REFRESHED_ORDER_ENVELOPE_EXAMPLE },
};

export const RefreshOrderDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.orders.name),
    ApiOperation({
      operationId: 'refreshOrder',
      summary: 'Demander le rafraîchissement d’une commande',
      description:
        'Passe la commande à `need-refresh` (message null) puis relance la collecte : depuis n’importe quel ' +
        'état, y compris des semaines après `done` (fenêtre de 180 jours par défaut, 409 au-delà). ' +
        '`syndic` peut être omis quand la commande a déjà des identifiants ; un rafraîchissement en cours ' +
        'est relancé avec les nouveaux paramètres.',
    }),
    OrderIdParam(),
    ApiJsonBody(RefreshOrderDto, 'Paramètres du rafraîchissement', REFRESH_EXAMPLES),
    ApiEnvelopeOk(OrderRecordModel, 'Rafraîchissement demandé', REFRESHED),
    ApiErrorEnvelope(400, 'Corps invalide', {
      syndicInvalid: ERROR_EXAMPLES.syndicInvalid,
      syndicUrlRefused: ERROR_EXAMPLES.syndicUrlRefused,
    }),
    ApiErrorEnvelope(404, 'Commande inconnue', { orderNotFound: ERROR_EXAMPLES.orderNotFound }),
    ApiErrorEnvelope(409, 'Commande clôturée (fenêtre de rafraîchissement dépassée)', {
      orderClosed: ERROR_EXAMPLES.orderClosed,
    }),
  );

export const NeedRefreshDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.orders.name),
    ApiOperation({
      operationId: 'needRefresh',
      deprecated: true,
      summary: 'Demander le rafraîchissement (forme obsolète, par le corps)',
      description:
        'Même effet et même réponse que `POST /order/{orderid}/refresh`, à préférer. `account` doit être ' +
        'l’adresse du compte authentifié (404 sinon). La réponse porte l’en-tête `Deprecation: true`.',
    }),
    ApiJsonBody(NeedRefreshDto, 'Commande, compte et paramètres du rafraîchissement', NEED_REFRESH_EXAMPLES),
    ApiEnvelopeOk(OrderRecordModel, 'Rafraîchissement demandé', REFRESHED),
    ApiErrorEnvelope(404, 'Commande inconnue ou compte différent', {
      orderNotFound: ERROR_EXAMPLES.orderNotFound,
    }),
    ApiErrorEnvelope(409, 'Commande clôturée', { orderClosed: ERROR_EXAMPLES.orderClosed }),
  );
