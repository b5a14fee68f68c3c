import { type DataSource } from 'typeorm';
import { OrderRepository } from '@libs/orders/order.repository';
import { waitFor } from './wait-for';

/**
 * Waits until the order's workflows are recorded as started: creation answers before the relay starts
 * them, so a test that acts on the workflow itself (describe, terminate) waits for this first.
 */
export function orderWorkflowsStarted(dataSource: DataSource, orderid: string): Promise<Date> {
  const orders = new OrderRepository(dataSource);
  return waitFor(async () => (await orders.findById(orderid))?.workflowStartedAt, {
    what: `the workflows of order ${orderid} started`,
  });
}
