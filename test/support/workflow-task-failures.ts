import { type temporal } from '@temporalio/proto';

/**
 * The messages of a history's failed workflow tasks, in order: a nondeterminism error, or a workflow
 * that threw where it may not, shows as one, though the run may recover and complete.
 */
export function workflowTaskFailures(history: temporal.api.history.v1.IHistory): string[] {
  return (history.events ?? []).flatMap((event) =>
    event.workflowTaskFailedEventAttributes
      ? [event.workflowTaskFailedEventAttributes.failure?.message ?? '']
      : [],
  );
}
