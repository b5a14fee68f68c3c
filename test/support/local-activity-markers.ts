import { defaultPayloadConverter } from '@temporalio/common';
import { type temporal } from '@temporalio/proto';

/** The activity type a local activity's marker records (Core's `activity_type`); null for other events. */
export function localActivityType(event: temporal.api.history.v1.IHistoryEvent): string | null {
  const marker = event.markerRecordedEventAttributes;
  const data = marker?.markerName === 'core_local_activity' ? marker.details?.data?.payloads?.[0] : null;
  if (!data) return null;
  return (defaultPayloadConverter.fromPayload(data) as { activity_type?: string }).activity_type ?? null;
}
