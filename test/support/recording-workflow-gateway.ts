import { type OrderRecord } from '@libs/orders/order-record';
import { type OrderWorkflowGateway } from '@libs/orders/refresh/order-workflow-gateway';

/** A workflow gateway that records what the API asks and answers with a given record (no worker needed). */
export class RecordingWorkflowGateway implements OrderWorkflowGateway {
  readonly refreshes: { orderid: string; refreshRequestId: string }[] = [];
  readonly uploads: string[] = [];

  constructor(private readonly answer: (orderid: string) => OrderRecord) {}

  async refresh(orderid: string, refreshRequestId: string): Promise<OrderRecord> {
    this.refreshes.push({ orderid, refreshRequestId });
    return this.answer(orderid);
  }

  async notifyDocumentsUploaded(orderid: string): Promise<void> {
    this.uploads.push(orderid);
  }
}
