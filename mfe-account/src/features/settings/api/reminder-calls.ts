import { api } from '@dayframe/web-kit';
import type {
  PushKeyAnswer,
  PushSubscriptionAnswer,
  ReminderSettingsAnswer,
  ReminderSettingsUpdate,
  ReminderTestAnswer,
  ReminderTestRequest,
} from '@dayframe/contracts';

/** The account's reminder settings, and whether it ever saved any (`saved: false` on a first visit). */
export function getReminderSettings(signal?: AbortSignal): Promise<ReminderSettingsAnswer> {
  return api.get<ReminderSettingsAnswer>('/reminders', { signal });
}

/** Replaces the sections given and keeps the others; a 400 names the field it refuses. */
export function saveReminderSettings(
  update: ReminderSettingsUpdate,
): Promise<ReminderSettingsAnswer> {
  return api.put<ReminderSettingsAnswer>('/reminders', update);
}

/** "Send a test" on one channel: 202 says where it went, 409 why it cannot go. */
export function sendTestReminder(
  channel: ReminderTestRequest['channel'],
): Promise<ReminderTestAnswer> {
  return api.post<ReminderTestAnswer>('/reminders/test', { channel });
}

/** The public key a browser subscribes to Web Push with. */
export function getPushKey(): Promise<PushKeyAnswer> {
  return api.get<PushKeyAnswer>('/push/key');
}

/** Hands a browser's push subscription (`PushSubscription.toJSON()`) to the server. */
export function addPushSubscription(
  subscription: PushSubscriptionJSON,
): Promise<PushSubscriptionAnswer> {
  return api.post<PushSubscriptionAnswer>('/push/subscriptions', subscription);
}

export function removePushSubscription(id: string): Promise<void> {
  return api.delete<void>(`/push/subscriptions/${encodeURIComponent(id)}`);
}
