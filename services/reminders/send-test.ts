import { MAIL_QUEUE, type ReminderTestAnswer, type ReminderTestRequest } from '@dayframe/contracts';
import { conflict, HttpError, tooManyRequests } from '@dayframe/service-kit/http';
import { pushToAccount } from './push/push-channel.ts';
import { NEW_ENTRY_PATH } from './kinds/daily.ts';
import type { RemindersScope } from './scope.ts';

/** "Send a test" is for trying a channel, not a way to make the server mail or push at will. */
export const TESTS_PER_MINUTE = 5;
const MINUTE_MS = 60_000;

export const TEST_MESSAGES = {
  noDevice:
    'No device is set up for notifications yet. Turn on notifications on this device first.',
  noAddress: 'Your e-mail address is not verified yet. Verify it in Settings first.',
  unreachable: 'Your devices could not be reached just now. Try again in a minute.',
  tooMany: `You have sent ${TESTS_PER_MINUTE} tests in the last minute. Wait a moment and try again.`,
};

/** What a test notification says: that it is one, and where a click on it leads. */
const TEST_NOTIFICATION = {
  title: 'Test reminder',
  body: 'Your Dayframe reminders will look like this.',
  url: '/settings',
};

/**
 * `POST /api/reminders/test`: sends a test reminder on one channel now, whatever the settings
 * say (a person tries a channel before turning it on). Counted per account, five a minute on
 * every replica together, before anything is sent. The answer says in words what went where.
 */
export async function sendTestReminder(
  scope: RemindersScope,
  userId: string,
  request: ReminderTestRequest,
): Promise<ReminderTestAnswer> {
  const minute = await scope.limiter.hit(`reminder-tests:${userId}`, TESTS_PER_MINUTE, MINUTE_MS);
  if (!minute.allowed)
    throw tooManyRequests(TEST_MESSAGES.tooMany, minute.retryAfterMs / 1000, 'too_many_tests');
  return request.channel === 'email' ? mailTest(scope, userId) : pushTest(scope, userId);
}

async function mailTest(scope: RemindersScope, userId: string): Promise<ReminderTestAnswer> {
  const address = await scope.sources.mailAddress(userId);
  if (!address) throw conflict(TEST_MESSAGES.noAddress, 'no_verified_address');
  await scope.jobs.add(MAIL_QUEUE, {
    kind: 'test-reminder',
    to: address.email,
    name: address.name,
    link: new URL(NEW_ENTRY_PATH, scope.appUrl).href,
  });
  return { message: `A test reminder is on its way to ${maskedAddress(address.email)}` };
}

async function pushTest(scope: RemindersScope, userId: string): Promise<ReminderTestAnswer> {
  const { devices, sent, gone } = await pushToAccount(scope, userId, TEST_NOTIFICATION);
  if (sent > 0) return { message: `Sent to ${sent} ${sent === 1 ? 'device' : 'devices'}` };
  // None left: never subscribed, or every push service has forgotten its browser (removed now).
  if (devices === gone) throw conflict(TEST_MESSAGES.noDevice, 'no_push_device');
  throw new HttpError(502, TEST_MESSAGES.unreachable, 'push_failed');
}

/**
 * The address as a toast shows it, with enough to recognise it and no more (a shared screen):
 * its first character and its domain, `a…@example.com`.
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  return `${email.slice(0, 1)}…${email.slice(at)}`;
}
