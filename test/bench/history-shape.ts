import { type Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { orderNotificationsWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { orderWorkflowId } from '@libs/orders/order-id';

const { EventType } = temporal.api.enums.v1;

/** How much Temporal records per order: what its server spends CPU on besides polls. */
export interface HistoryShape {
  events: number;
  workflowTasks: number;
  activities: number;
  localActivities: number;
  signals: number;
  kilobytes: number;
}

const SAMPLE = 20;

/**
 * The average history of `orderids`' order workflows and notification queues, over a sample of
 * them: a workflow task or an activity more per order is a round trip more through the server, and
 * its bytes are written and read back; the floor's and the service's should differ only by payloads.
 */
export async function historyShape(
  client: Client,
  orderids: string[],
): Promise<{ order: HistoryShape; notifications: HistoryShape }> {
  const sample = orderids.slice(0, SAMPLE);
  const shapes = async (workflowId: (orderid: string) => string): Promise<HistoryShape> => {
    const total: HistoryShape = {
      events: 0,
      workflowTasks: 0,
      activities: 0,
      localActivities: 0,
      signals: 0,
      kilobytes: 0,
    };
    for (const orderid of sample) {
      const history = await client.workflow.getHandle(workflowId(orderid)).fetchHistory();
      const events = history.events ?? [];
      total.events += events.length;
      total.kilobytes += temporal.api.history.v1.History.encode(history).finish().length / 1024;
      for (const event of events) {
        if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) total.workflowTasks++;
        if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) total.activities++;
        if (event.eventType === EventType.EVENT_TYPE_MARKER_RECORDED) total.localActivities++;
        if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED) total.signals++;
      }
    }
    const average = (value: number) => Number((value / sample.length).toFixed(1));
    return {
      events: average(total.events),
      workflowTasks: average(total.workflowTasks),
      activities: average(total.activities),
      localActivities: average(total.localActivities),
      signals: average(total.signals),
      kilobytes: average(total.kilobytes),
    };
  };
  return {
    order: await shapes(orderWorkflowId),
    notifications: await shapes(orderNotificationsWorkflowId),
  };
}

export function formatHistoryShape(shape: HistoryShape): string {
  return (
    `${shape.events} events, ${shape.workflowTasks} workflow tasks, ${shape.activities} activities, ` +
    `${shape.localActivities} local activities, ${shape.signals} signals, ${shape.kilobytes} KiB`
  );
}
