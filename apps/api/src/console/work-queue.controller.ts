import { Controller, Get, Header, Query, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ASSISTANCE_REASONS, type AssistanceReason } from '@libs/fulfilment/fulfilment-mode';
import { WorkQueueRepository } from '@libs/fulfilment/work-queue.repository';
import { type ConsoleSession } from '@libs/operators/operator-session.service';
import { ORDER_STATES } from '@libs/orders/order-state';
import { CONSOLE_TEXTS as T } from '@libs/platform/messages.fr';
import { Public } from '../platform/security/public.decorator';
import { ConsoleExceptionFilter } from './http/console-exception.filter';
import { CurrentSession } from './session/console-session.decorator';
import { ConsoleSessionGuard } from './session/console-session.guard';
import { formatAge, formatDateTime, formatFulfilmentMode } from './views/console-format';
import { ConsoleViews } from './views/console-views';
import { operatorOf } from './views/order-page.renderer';

const PAGE_SIZE = 50;
const SEARCH_LIMIT = 50;

/** The operators' work queue (`/console`) and the search of any order (`/console/search`). */
@Public()
@ApiExcludeController()
@UseFilters(ConsoleExceptionFilter)
@UseGuards(ConsoleSessionGuard)
@Controller('console')
export class WorkQueueController {
  constructor(
    private readonly queue: WorkQueueRepository,
    private readonly views: ConsoleViews,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(
    @CurrentSession() session: ConsoleSession,
    @Query('motif') reason?: string,
    @Query('etat') state?: string,
    @Query('compte') account?: string,
    @Query('page') pageNumber?: string,
  ): Promise<string> {
    const filter = {
      reason: oneOf(ASSISTANCE_REASONS, reason),
      state: oneOf(ORDER_STATES, state),
      account:
        typeof account === 'string' && account.trim() !== '' ? account.trim().slice(0, 320) : undefined,
    };
    const page = Math.max(1, Math.min(10_000, Number.parseInt(pageNumber ?? '1', 10) || 1));
    const result = await this.queue.list({ ...filter, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    const now = new Date();
    const link = (n: number) =>
      `/console?${new URLSearchParams({
        ...(filter.reason ? { motif: filter.reason } : {}),
        ...(filter.state ? { etat: filter.state } : {}),
        ...(filter.account ? { compte: filter.account } : {}),
        page: String(n),
      }).toString()}`;
    return this.views.render(
      'queue',
      { title: T.queue.title, operator: operatorOf(session), csrfToken: session.csrfToken },
      {
        filter,
        total: result.total,
        reasons: ASSISTANCE_REASONS.map((value) => ({
          value,
          label: T.reasons[value],
          count: result.counts[value],
          selected: value === filter.reason,
        })),
        states: ORDER_STATES.map((value) => ({
          value,
          label: T.states[value],
          selected: value === filter.state,
        })),
        items: result.items.map((item) => ({
          orderid: item.orderid,
          url: `/console/orders/${item.orderid}`,
          externalId: item.externalId || T.none,
          account: item.accountEmail,
          state: T.states[item.state],
          method: T.methods[item.method],
          reason: T.reasons[item.reason as AssistanceReason] ?? item.reason,
          age: formatAge(item.since, now),
          since: formatDateTime(item.since),
          address: `${item.address}, ${item.zipcode} ${item.city}`,
        })),
        previous: page > 1 ? link(page - 1) : null,
        next: page * PAGE_SIZE < result.total ? link(page + 1) : null,
      },
    );
  }

  @Get('search')
  @Header('Content-Type', 'text/html; charset=utf-8')
  async search(@CurrentSession() session: ConsoleSession, @Query('q') text?: string): Promise<string> {
    const query = typeof text === 'string' ? text.slice(0, 200) : '';
    const hits = await this.queue.search(query, SEARCH_LIMIT);
    return this.views.render(
      'search',
      { title: T.search.title, operator: operatorOf(session), csrfToken: session.csrfToken },
      {
        query,
        searched: query.trim() !== '',
        hits: hits.map((hit) => ({
          orderid: hit.orderid,
          url: `/console/orders/${hit.orderid}`,
          externalId: hit.externalId || T.none,
          account: hit.accountEmail,
          state: T.states[hit.state],
          mode: formatFulfilmentMode(hit),
          test: hit.testMode ? T.yes : T.no,
          created: formatDateTime(hit.createdAt),
          address: `${hit.address}, ${hit.zipcode} ${hit.city}`,
        })),
      },
    );
  }
}

/** A query value among `values`, or nothing (an unknown filter is no filter). */
function oneOf<V extends string>(values: readonly V[], value: unknown): V | undefined {
  return (values as readonly unknown[]).includes(value) ? (value as V) : undefined;
}
