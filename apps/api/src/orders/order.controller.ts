import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { DomainError } from '@libs/platform/domain-error';
import { SUCCESS_MESSAGES, VALIDATION_MESSAGES } from '@libs/platform/messages.fr';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { OrderCreationService } from '@libs/orders/creation/order-creation.service';
import { type OrderPage, OrderQueryService } from '@libs/orders/queries/order-query.service';
import { type OrderRecord } from '@libs/orders/order-record';
import { CurrentAccount } from '../platform/security/current-account.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { CreateOrderDocs, GetOrderDocs, ListOrdersDocs } from '../openapi/operations/order.docs';
import { CreateOrderDto, toNewOrder } from './dto/create-order.dto';
import { ListOrdersQuery } from './dto/list-orders.query';
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
  @CreateOrderDocs()
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
  @ListOrdersDocs()
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
  @GetOrderDocs()
  async get(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
  ): Promise<Envelope<OrderRecord>> {
    return successEnvelope(await this.queries.get(caller, orderid));
  }
}
