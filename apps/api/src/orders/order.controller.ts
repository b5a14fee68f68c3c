import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { DomainError } from '@libs/platform/domain-error';
import { SUCCESS_MESSAGES, VALIDATION_MESSAGES } from '@libs/platform/messages.fr';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { OrderCreationService } from '@libs/orders/creation/order-creation.service';
import { type OrderPage, OrderQueryService } from '@libs/orders/queries/order-query.service';
import { type OrderRecord } from '@libs/orders/order-record';
import { CurrentAccount } from '../platform/security/current-account.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { Endpoint } from '../openapi/endpoint.decorator';
import { CreateOrderDto, toNewOrder } from './dto/create-order.dto';
import { CREATE_ORDER_EXAMPLES } from './dto/create-order.examples';
import { ListOrdersQuery } from './dto/list-orders.query';
import { ORDER_ID_PARAM } from './order-id.param';
import { ORDER_PAGE_SCHEMA } from './order-page.schema';
import { ORDER_RECORD_EXAMPLE, ORDER_RECORD_SCHEMA } from './order-record.schema';
import { JsonBody } from '../platform/http/json-body.decorator';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

@Controller('order')
export class OrderController {
  constructor(
    private readonly creation: OrderCreationService,
    private readonly queries: OrderQueryService,
  ) {}

  @Post()
  @JsonBody('upload')
  @HttpCode(200)
  @Endpoint({
    tag: 'orders',
    operationId: 'createOrder',
    summary: 'Créer une commande',
    description:
      'Publiée sous `POST /order/` (la barre finale est facultative). Répond 200 (et non 201, par ' +
      'compatibilité) avec la commande à l’état `confirmed`. Un e-mail de confirmation est envoyé, sauf en ' +
      'mode test. Le traitement continue ensuite en arrière-plan ; chaque changement d’état est notifié à ' +
      'l’URL de rappel du compte (ou `callback_url`). Corps limité à 30 Mio (documents en base64).\n\n' +
      'La réponse n’attend pas le démarrage du traitement : une commande acceptée est toujours traitée, ' +
      'même si le moteur de traitement est momentanément indisponible (elle démarre dès son retour). ' +
      'Un 503 signifie que la base de données ne répond pas : réessayer avec la même `Idempotency-Key`.\n\n' +
      'Avec l’en-tête `Idempotency-Key`, la même clé et le même corps dans les 24 h renvoient la première ' +
      'réponse sans rien créer ; la même clé avec un autre corps répond 409. Deux requêtes simultanées ' +
      'avec la même clé donnent une seule commande : la seconde attend la première et renvoie sa réponse. ' +
      'Une requête qui échoue ne retient pas la clé.\n\n' +
      'Une commande réelle (hors mode test) est collectée sur l’extranet de son syndic : celui d’un ' +
      'connecteur dédié, sinon `syndic.url` (jamais l’extranet de démonstration). Sans l’un ni l’autre, elle ' +
      'est acceptée mais sa collecte attend l’intervention d’un opérateur ; un rafraîchissement donnant ' +
      '`syndic.url` la relance. `syndic.url` est refusée (400) si elle n’est pas en http(s), contient des ' +
      'identifiants, ou désigne une adresse interdite (boucle locale, réseau privé, lien local, métadonnées).',
    headers: [
      {
        name: 'Idempotency-Key',
        required: false,
        description:
          'Clé choisie par le client (1 à 255 caractères ASCII visibles) pour rejouer sans doublon',
        example: 'commande-DOSSIER-42-v1',
      },
    ],
    body: { schema: CreateOrderDto, description: 'Commande à créer', examples: CREATE_ORDER_EXAMPLES },
    ok: {
      schema: ORDER_RECORD_SCHEMA,
      description: 'Transaction créée avec succès',
      message: SUCCESS_MESSAGES.orderCreated,
      examples: { creation: { summary: 'Commande créée', value: ORDER_RECORD_EXAMPLE } },
    },
    errors: {
      400: {
        description: 'Corps invalide : le message nomme le champ en cause',
        examples: ['syndicInvalid', 'syndicUrlRefused', 'malformedJson'],
      },
      409: {
        description: 'Clé d’idempotence déjà utilisée avec un autre corps, ou plus vérifiable',
        examples: ['idempotencyConflict', 'idempotencyKeyUnverifiable'],
      },
    },
  })
  async create(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Body() body: CreateOrderDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<Envelope<OrderRecord>> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new DomainError('validation_failed', {}, VALIDATION_MESSAGES.idempotencyKey());
    }
    const idempotency = idempotencyKey === undefined ? null : { key: idempotencyKey, body };
    const record = await this.creation.create(caller, toNewOrder(body), idempotency);
    return successEnvelope(record, SUCCESS_MESSAGES.orderCreated);
  }

  @Get()
  @Endpoint({
    tag: 'orders',
    operationId: 'listOrders',
    summary: 'Lister les commandes du compte',
    description:
      'Les plus récentes d’abord, par pages (`limit`, 20 par défaut, 100 au plus). `next_cursor` donne la ' +
      'page suivante. Filtres facultatifs : `state`, `external_id`.',
    ok: {
      schema: ORDER_PAGE_SCHEMA,
      description: 'Une page de commandes',
      examples: {
        page: { summary: 'Dernière page', value: { next_cursor: null, orders: [ORDER_RECORD_EXAMPLE] } },
      },
    },
  })
  async list(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Query() query: ListOrdersQuery,
  ): Promise<Envelope<OrderPage>> {
    const page = await this.queries.list(caller, {
      state: query.state ?? null,
      externalId: query.external_id ?? null,
      limit: query.limit ?? 20,
      cursor: query.cursor ?? null,
    });
    return successEnvelope(page);
  }

  @Get(':orderid')
  @Endpoint({
    tag: 'orders',
    operationId: 'getOrder',
    summary: 'Lire une commande',
    params: [ORDER_ID_PARAM],
    ok: {
      schema: ORDER_RECORD_SCHEMA,
      description: 'La commande',
      examples: { commande: { summary: 'Commande', value: ORDER_RECORD_EXAMPLE } },
    },
    errors: {
      404: {
        description: 'Commande inconnue, ou d’un autre compte (son existence n’est jamais révélée)',
        examples: ['orderNotFound'],
      },
    },
  })
  async get(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
  ): Promise<Envelope<OrderRecord>> {
    return successEnvelope(await this.queries.get(caller, orderid));
  }
}
