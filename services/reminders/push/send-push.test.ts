// A reminder through web-push to a real push service on loopback that decrypts it with its own
// RFC 8291 code: the browser would show what was sent. And the push service's answers that
// matter: 404/410 say the subscription is gone, anything else is a failure to try again.
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPushEndpoint, type PushEndpoint } from '@dayframe/test-kit';
import { PUSH_TTL_SECONDS, sendPush } from './send-push.ts';

const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders@dayframe.example' };
const reminder = {
  title: 'Time to write',
  body: 'Your evening entry is waiting',
  url: '/journals',
};

/** Collects what sendPush logs, so a test can say what never appears in it. */
function capturedLog() {
  const lines: string[] = [];
  return {
    lines,
    warn: (fields: Record<string, unknown>, message: string) =>
      void lines.push(`${message} ${JSON.stringify(fields)}`),
  };
}

describe('sending a reminder by Web Push', () => {
  let pushService: PushEndpoint;
  beforeAll(async () => {
    pushService = await startPushEndpoint();
  });
  afterAll(() => pushService.stop());

  it('delivers the notification, decrypted by the push service to what was sent and signed with our VAPID key', async () => {
    const subscription = pushService.subscription('delivered');
    expect(await sendPush(subscription, reminder, keys)).toBe('sent');
    const [got] = pushService.received().filter((p) => p.subscriptionId === 'delivered');
    expect(got).toMatchObject({ status: 201, payload: reminder, vapidKey: keys.publicKey });
    expect(got?.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(got?.headers.urgency).toBe('normal');
  });

  it('answers gone when the push service says 410 or 404, and failed for a 500, logging no secret', async () => {
    const subscription = pushService.subscription('answers');
    const log = capturedLog();
    const outcomes: string[] = [];
    try {
      for (const status of [410, 404, 500]) {
        pushService.answerWith(status);
        outcomes.push(await sendPush(subscription, reminder, keys, log));
      }
    } finally {
      pushService.answerWith(201);
    }
    expect(outcomes).toEqual(['gone', 'gone', 'failed']);
    expect(log.lines).toEqual([
      `web push not delivered {"pushService":"${pushService.url}","status":500}`,
    ]);
  });

  it('answers failed, without throwing, for a push service that is not there or keys that are not keys', async () => {
    const log = capturedLog();
    const subscription = pushService.subscription('nowhere');
    const nowhere = { ...subscription, endpoint: `http://127.0.0.1:${await freePort()}/push/x` };
    expect(await sendPush(nowhere, reminder, keys, log)).toBe('failed');
    const broken = { ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } };
    expect(await sendPush(broken, reminder, keys, log)).toBe('failed');
    expect(log.lines).toHaveLength(2);
    for (const secret of [
      subscription.keys.auth,
      subscription.keys.p256dh,
      keys.privateKey,
      '/push/',
    ])
      expect(log.lines.join('\n')).not.toContain(secret);
  });
});
