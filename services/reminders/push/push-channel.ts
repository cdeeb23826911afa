import { pushSubscriptionsOf, recordPushAnswer } from '../data/push-subscriptions-repo.ts';
import type { RemindersScope } from '../scope.ts';
import { sendPush, type ReminderNotification } from './send-push.ts';

/**
 * What pushing to an account's browsers came to: how many were tried, how many took it, and
 * how many the push services no longer know (removed now).
 */
export type PushResult = { devices: number; sent: number; gone: number };

/**
 * Pushes one notification to every browser of the account, all at once. A subscription the push
 * service no longer knows (`gone`) is removed, so the next reminder does not try it; one that
 * `failed` stays, and is not retried: a reminder pushed again later would arrive out of time.
 * Never throws for a push: one browser failing neither stops the others nor the e-mail.
 */
export async function pushToAccount(
  scope: RemindersScope,
  userId: string,
  notification: ReminderNotification,
): Promise<PushResult> {
  const subscriptions = await pushSubscriptionsOf(scope.db, userId);
  const answers = await Promise.all(
    subscriptions.map(async (subscription) => {
      const answer = await sendPush(subscription, notification, scope.push.keys, scope.log);
      if (answer !== 'failed')
        await recordPushAnswer(scope.db, subscription.id, answer, scope.clock.now()).catch(
          (error: Error) =>
            scope.log.warn({ err: error.message }, 'could not note a push service answer'),
        );
      return answer;
    }),
  );
  return {
    devices: subscriptions.length,
    sent: answers.filter((answer) => answer === 'sent').length,
    gone: answers.filter((answer) => answer === 'gone').length,
  };
}
