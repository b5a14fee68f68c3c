import { OrderPage } from '@libs/orders/queries/order-query.service';
import { describeSchema } from '../openapi/described-schema';
import { ORDER_RECORD_SCHEMA } from './order-record.schema';

export const ORDER_PAGE_SCHEMA = describeSchema(OrderPage, {
  next_cursor: {
    type: String,
    nullable: true,
    description: 'Curseur de la page suivante (paramètre `cursor`) ; null sur la dernière page',
    example: 'eyJjIjoiMjAyNS0wMy0yNVQxNzozMjozOS4wMDBaIiwibyI6Iks3UTJaUCJ9',
  },
  orders: { type: [ORDER_RECORD_SCHEMA], description: 'Commandes du compte, les plus récentes d’abord' },
});
