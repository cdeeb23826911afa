import {
  REMINDER_UNSUBSCRIBE_PATH,
  type ReminderKind,
  type ReminderSettingsUpdate,
} from '@dayframe/contracts';
import { findSavedSettings } from './data/settings-repo.ts';
import { updateReminderSettings } from './reminder-settings.ts';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';
import type { RemindersScope } from './scope.ts';

/** `APP_URL/api/reminders/unsubscribe?t=<token>`: the one-click link of one kind, one account. */
export function unsubscribeUrl(
  appUrl: string,
  key: Buffer,
  userId: string,
  kind: ReminderKind,
): string {
  const url = new URL(REMINDER_UNSUBSCRIBE_PATH, appUrl);
  url.searchParams.set('t', unsubscribeToken(key, userId, kind));
  return url.href;
}

/** What an unsubscribe link's token names, or null when it is not one of ours. */
export function unsubscribeTarget(
  scope: RemindersScope,
  token: unknown,
): { userId: string; kind: ReminderKind } | null {
  return readUnsubscribeToken(scope.unsubscribeKey, token);
}

/**
 * Turns one kind of reminder off for an account, as `PUT /api/reminders` would with that
 * section's `enabled: false` (so its schedule row goes too). An account with no saved settings
 * (one since deleted, or one that never turned anything on) has nothing to turn off, and no
 * settings are made for it. A kind without a section of its own in the settings (none yet)
 * likewise changes nothing.
 */
export async function turnOffReminderKind(
  scope: RemindersScope,
  target: { userId: string; kind: ReminderKind },
): Promise<void> {
  const saved = await findSavedSettings(scope.db, target.userId);
  if (!saved) return;
  const section = (saved as Record<string, unknown>)[target.kind];
  if (!isSwitchable(section) || !section.enabled) return;
  const update = {
    [target.kind]: { ...section, enabled: false },
  } as ReminderSettingsUpdate;
  await updateReminderSettings(scope, target.userId, update);
}

function isSwitchable(section: unknown): section is { enabled: boolean } & object {
  return typeof section === 'object' && section !== null && 'enabled' in section;
}
