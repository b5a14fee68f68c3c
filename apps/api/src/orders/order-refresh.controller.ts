import { Body, Controller, Header, HttpCode, Param, Post } from '@nestjs/common';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { OrderRefreshService } from '@libs/orders/refresh/order-refresh.service';
import { type OrderRecord } from '@libs/orders/order-record';
import { CurrentAccount } from '../platform/security/current-account.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { NeedRefreshDocs, RefreshOrderDocs } from '../openapi/operations/order-refresh.docs';
import { NeedRefreshDto, RefreshOrderDto, toRefreshRequest } from './dto/refresh-order.dto';
import { JsonBody } from '../platform/http/json-body.decorator';

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
  @NeedRefreshDocs()
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
  @RefreshOrderDocs()
  async refresh(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
    @Body() body: RefreshOrderDto,
  ): Promise<Envelope<OrderRecord>> {
    return successEnvelope(await this.refreshes.refresh(caller, orderid, toRefreshRequest(body)));
  }
}
