import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CreateOrderDto } from '../../orders/dto/create-order.dto';
import { OrderPageModel } from '../models/order-page.model';
import { OrderRecordModel } from '../models/order-record.model';
import { ApiEnvelopeOk, ApiErrorEnvelope, ApiJsonBody } from '../openapi-envelope';
import {
  CREATED_ORDER_ENVELOPE_EXAMPLE,
  CREATE_ORDER_EXAMPLES,
  ERROR_EXAMPLES,
  EXAMPLE_ORDER_ID,
  ORDER_RECORD_EXAMPLE,
} from '../openapi-examples';
import { OPENAPI_TAGS } from '../openapi-tags';

export const OrderIdParam = () =>
  ApiParam({
    name: 'orderid',
    description: 'Identifiant de la commande (6 caractères A-Z0-9)',
    example: EXAMPLE_ORDER_ID,
  });

export const CreateOrderDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.orders.name),
    ApiOperation({
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
    }),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'Clé choisie par le client (1 à 255 caractères ASCII visibles) pour rejouer sans doublon',
      example: 'commande-DOSSIER-42-v1',
    }),
    ApiJsonBody(CreateOrderDto, 'Commande à créer', CREATE_ORDER_EXAMPLES),
    ApiEnvelopeOk(OrderRecordModel, 'Transaction créée avec succès', {
      creation: { summary: 'Commande créée', value: CREATED_ORDER_ENVELOPE_EXAMPLE },
    }),
    ApiErrorEnvelope(400, 'Corps invalide : le message nomme le champ en cause', {
      syndicInvalid: ERROR_EXAMPLES.syndicInvalid,
      syndicUrlRefused: ERROR_EXAMPLES.syndicUrlRefused,
      malformedJson: ERROR_EXAMPLES.malformedJson,
    }),
    ApiErrorEnvelope(409, 'Clé d’idempotence déjà utilisée avec un autre corps, ou plus vérifiable', {
      idempotencyConflict: ERROR_EXAMPLES.idempotencyConflict,
      idempotencyKeyUnverifiable: ERROR_EXAMPLES.idempotencyKeyUnverifiable,
    }),
  );

export const ListOrdersDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.orders.name),
    ApiOperation({
      operationId: 'listOrders',
      summary: 'Lister les commandes du compte',
      description:
        'Les plus récentes d’abord, par pages (`limit`, 20 par défaut, 100 au plus). `next_cursor` donne la ' +
        'page suivante. Filtres facultatifs : `state`, `external_id`.',
    }),
    ApiEnvelopeOk(OrderPageModel, 'Une page de commandes', {
      page: {
        summary: 'Dernière page',
        value: {
          message: null,
          payload: { next_cursor: null, orders: [ORDER_RECORD_EXAMPLE] },
          success: true,
        },
      },
    }),
  );

export const GetOrderDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.orders.name),
    ApiOperation({ operationId: 'getOrder', summary: 'Lire une commande' }),
    OrderIdParam(),
    ApiEnvelopeOk(OrderRecordModel, 'La commande', {
      commande: {
        summary: 'Commande',
        value: { message: null, payload: ORDER_RECORD_EXAMPLE, success: true },
      },
    }),
    ApiErrorEnvelope(404, 'Commande inconnue, ou d’un autre compte (son existence n’est jamais révélée)', {
      orderNotFound: ERROR_EXAMPLES.orderNotFound,
    }),
  );
