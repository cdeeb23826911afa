/**
 * The reminders service: each account's reminder settings, `/api/reminders` (decision 0051),
 * computed in the account's IANA zone across daylight saving. Due reminders are found by a
 * sweep over one index on the next firing instant, every 20 s, and fanned out one job each on
 * its own queue (`REMINDERS_QUEUE`), which it also works; a ledger keyed by account, kind and
 * local day sends each at most once. Every reminder mail carries a signed one-click unsubscribe
 * link (`REMINDER_UNSUBSCRIBE_PATH`, RFC 8058) that turns its kind off without signing in. It
 * asks journals whether a day was written (and how a week went), goals which goals are due, and
 * identity where to mail, and follows `account.deleted`.
 * Web Push (`/api/push`): the VAPID key, each account's browsers, a reminder pushed to all of
 * them; "Send a test" on either channel.
 *
 * @example
 * import { createReminders, remoteReminderSources, unsubscribeSecret } from '@dayframe/reminders';
 * const reminders = createReminders({ db, tokens, checkSession, serviceKey, log, jobs,
 *   appUrl: config.APP_URL, unsubscribeKey: unsubscribeSecret(config),
 *   push: remindersPush(config, 'own-process'), limiter: remindersRateLimiter(config, log),
 *   sources: remoteReminderSources({ identityUrl, journalsUrl, goalsUrl, caller }) });
 * await reminders.migrate();
 * keepAccountDataInStep({ name: 'reminders', owner: reminders, events, tokens, users, log, sweep });
 * reminders.ready(); // the due sweep, every 20 s
 */
export { createReminders, type Reminders, type RemindersDeps } from './reminders-service.ts';
export {
  remindersPush,
  remindersRateLimiter,
  remindersSettings,
  unsubscribeSecret,
} from './config.ts';
export { unsubscribeToken, readUnsubscribeToken } from './unsubscribe-token.ts';
export { unsubscribeUrl } from './unsubscribe.ts';
export { vapidKeys, VAPID_KEYS_FILE, type VapidKeys } from './push/vapid-keys.ts';
export { MAX_PUSH_SUBSCRIPTIONS } from './data/push-subscriptions-repo.ts';
export { TESTS_PER_MINUTE } from './send-test.ts';
export { remoteReminderSources, type ReminderSources } from './account-sources.ts';
export { DUE_SWEEP_SCHEDULE, DUE_BATCH, LATE_FIRING_MS, deliveryJobId } from './due-sweep.ts';
export { STALE_CLAIM_MS } from './deliver-reminder.ts';
export { instantOf, localDateAt } from './schedule/local-time.ts';
export {
  nextDailyFiring,
  nextGoalsDueFiring,
  nextWeeklyFiring,
  nextFiringOn,
  type Firing,
} from './schedule/next-firing.ts';
