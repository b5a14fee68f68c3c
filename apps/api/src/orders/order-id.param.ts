import { type ApiParamOptions } from '@nestjs/swagger';
import { EXAMPLE_ORDER_ID } from '../openapi/example-values';

/** The `{orderid}` of the order routes, as the document describes it. */
export const ORDER_ID_PARAM: ApiParamOptions = {
  name: 'orderid',
  description: 'Identifiant de la commande (6 caractères A-Z0-9)',
  example: EXAMPLE_ORDER_ID,
};
