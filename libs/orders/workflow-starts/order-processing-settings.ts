import { type ExtranetConfig, type LifecycleConfig } from '@libs/platform/config/app-config';
import { type OrderProcessingSettings } from '../order-workflow.contract';

export function orderProcessingSettings(
  lifecycle: LifecycleConfig,
  extranet: ExtranetConfig,
): OrderProcessingSettings {
  return {
    pollIntervalMs: lifecycle.pollIntervalMs,
    waitingDeadlineMs: lifecycle.waitingDeadlineMs,
    refreshWindowMs: lifecycle.refreshWindowMs,
    extranetActivityTimeoutMs: extranet.activityTimeoutMs,
    extranetHeartbeatTimeoutMs: extranet.heartbeatTimeoutMs,
    connectorGiveUpMs: extranet.giveUpAfterMs,
    credentialsRefusedAssistAfterMs: extranet.credentialsRefusedAssistAfterMs,
  };
}
