import { promptOfTheDay } from '@dayframe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPushEndpoint,
  type BrowserPushSubscription,
  type PushEndpoint,
  type TestUser,
} from '@dayframe/test-kit';
import { findDelivery } from './data/deliveries-repo.ts';
import { APP_URL, startRemindersTestApp, type JobsKind } from './_test-app.ts';

// Web Push over HTTP: the subscription routes, a reminder pushed to a real push service on
// loopback that checks VAPID and decrypts the payload itself, and "Send a test" on both
// channels (mail read from the SMTP sink). SQLite with in-process jobs, MariaDB with BullMQ.
const SETUPS: [string, 'sqlite' | 'mariadb', JobsKind][] = [
  ['SQLite, in-process jobs', 'sqlite', 'in-process'],
  ['MariaDB, BullMQ', 'mariadb', 'bullmq'],
];

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

describe.each(SETUPS)('Web Push and Send a test on %s', (_name, kind, jobsKind) => {
  let app: Awaited<ReturnType<typeof startRemindersTestApp>>;
  let pushService: PushEndpoint;

  beforeAll(async () => {
    app = await startRemindersTestApp(kind, jobsKind);
    pushService = await startPushEndpoint();
  }, 60_000);
  afterAll(async () => {
    await pushService?.stop();
    await app?.close();
  });

  const newUser = (email: string | null) => {
    const user = app.sessions.newUser();
    if (email) app.setAddress(user.id, email);
    return user;
  };
  const subscribe = (user: TestUser, body: unknown) =>
    app.api.call('POST', '/api/push/subscriptions', { token: user.token, body });
  const listed = async (user: TestUser) => {
    const answer = await app.api.call('GET', '/api/push/subscriptions', { token: user.token });
    expect(answer.status).toBe(200);
    return (answer.body as { subscriptions: { id: string }[] }).subscriptions.map((s) => s.id);
  };
  const sendTest = (user: TestUser, channel: unknown) =>
    app.api.call('POST', '/api/reminders/test', { token: user.token, body: { channel } });
  /** A browser of `user` subscribed at the loopback push service, and its id with us. */
  const browserOf = async (user: TestUser, name: string) => {
    const subscription = pushService.subscription(name);
    const answer = await subscribe(user, subscription);
    expect(answer.status).toBe(201);
    return { name, subscription, id: (answer.body as { id: string }).id };
  };
  const pushesTo = (name: string) =>
    pushService.received().filter((push) => push.subscriptionId === name);
  /** A daily reminder at 20:00 UTC on the given channels, swept at that minute of `day`. */
  const dailyAt = async (user: TestUser, channels: { email: boolean; push: boolean }) => {
    const put = await app.api.call('PUT', '/api/reminders', {
      token: user.token,
      body: {
        timeZone: 'UTC',
        daily: { enabled: true, time: '20:00', weekdays: EVERY_DAY },
        channels,
      },
    });
    expect(put.status).toBe(200);
  };
  const sweepOn = async (day: string) => {
    app.clock.set(Date.parse(`${day}T20:00:05Z`));
    await app.service.sweepDue();
  };
  const outcome = (user: TestUser, localDate: string) =>
    expect.poll(
      async () =>
        (await findDelivery(app.db, { userId: user.id, kind: 'daily', localDate }))?.outcome,
      { timeout: 15_000 },
    );

  it('answers the VAPID public key to a signed-in person only', async () => {
    const ada = newUser('ada-key@example.com');
    const answer = await app.api.call('GET', '/api/push/key', { token: ada.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ publicKey: app.push.keys.publicKey });
    expect((await app.api.call('GET', '/api/push/key')).status).toBe(401);
  });

  it('subscribes, keeps one id for the same endpoint, and deletes only its own', async () => {
    const ada = newUser('ada-subscribe@example.com');
    const bob = newUser('bob-subscribe@example.com');
    const browser = pushService.subscription();
    const first = await subscribe(ada, browser);
    expect(first.status).toBe(201);
    const { id } = first.body as { id: string };

    // The browser subscribed again with new keys: the same row, its keys replaced.
    const renewed = pushService.subscription(browser.endpoint.split('/').pop());
    const again = await subscribe(ada, renewed);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id });
    const row = await app.db('push_subscriptions').where({ id }).first();
    expect(row).toMatchObject({ p256dh: renewed.keys.p256dh, auth: renewed.keys.auth });
    const listing = await app.api.call('GET', '/api/push/subscriptions', { token: ada.token });
    expect(listing.body).toEqual({
      subscriptions: [{ id, createdAt: expect.any(String), lastUsedAt: null }],
    });
    // Answers carry ids and dates, never the endpoint or its keys.
    expect(JSON.stringify(listing.body)).not.toContain(renewed.keys.auth);
    expect(JSON.stringify(listing.body)).not.toContain(browser.endpoint);

    // The same endpoint is another account's row of its own, and Bob cannot delete Ada's.
    expect((await subscribe(bob, renewed)).status).toBe(201);
    const foreign = await app.api.call('DELETE', `/api/push/subscriptions/${id}`, {
      token: bob.token,
    });
    expect(foreign.status).toBe(404);
    expect(await listed(ada)).toEqual([id]);

    const removed = await app.api.call('DELETE', `/api/push/subscriptions/${id}`, {
      token: ada.token,
    });
    expect(removed.status).toBe(204);
    expect(await listed(ada)).toEqual([]);
    expect((await listed(bob)).length).toBe(1);
    const twice = await app.api.call('DELETE', `/api/push/subscriptions/${id}`, {
      token: ada.token,
    });
    expect(twice.status).toBe(404);
  });

  it.each([
    [{ keys: { p256dh: 'x', auth: 'y' } }, 'endpoint must be a URL'],
    [(s: BrowserPushSubscription) => ({ ...s, keys: { p256dh: s.keys.p256dh } }), 'keys.auth'],
    [
      (s: BrowserPushSubscription) => ({ ...s, keys: { ...s.keys, auth: 'c2hvcnQ' } }),
      'keys.auth must be 16 bytes in base64url',
    ],
    [
      (s: BrowserPushSubscription) => ({ ...s, keys: { ...s.keys, p256dh: 'AAAA' } }),
      'keys.p256dh must be a P-256 public key (65 bytes, uncompressed) in base64url',
    ],
    [
      (s: BrowserPushSubscription) => ({ ...s, endpoint: 'http://push.example.com/x' }),
      'endpoint must be an https URL',
    ],
    [(s: BrowserPushSubscription) => ({ ...s, keys: 'none' }), 'keys must hold p256dh and auth'],
    [[1, 2], 'The request body must be a JSON object'],
  ])('refuses a bad subscription with a 400 naming the field (%#)', async (body, message) => {
    const ada = newUser('ada-400@example.com');
    const sent = typeof body === 'function' ? body(pushService.subscription()) : body;
    const answer = await subscribe(ada, sent);
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain(message);
    expect((answer.body as { code: string }).code).toBe('validation_failed');
    expect(await listed(ada)).toEqual([]);
  });

  it('keeps at most 10 browsers an account, dropping the oldest', async () => {
    const ada = newUser('ada-eleven@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      app.clock.set(Date.parse('2026-02-01T10:00:00Z') + i * 1000);
      ids.push((await browserOf(ada, `eleven-${kind}-${i}`)).id);
    }
    expect(await listed(ada)).toEqual(ids.slice(1));
  });

  it('pushes a daily reminder to every browser of the account, and mails it too', async () => {
    const ada = newUser('ada-push@example.com');
    app.clock.set(Date.parse('2026-03-01T12:00:00Z'));
    const phone = await browserOf(ada, `phone-${kind}`);
    const laptop = await browserOf(ada, `laptop-${kind}`);
    await dailyAt(ada, { email: true, push: true });
    await sweepOn('2026-03-01');

    await outcome(ada, '2026-03-01').toBe('sent');
    for (const browser of [phone, laptop]) {
      const [push, ...more] = pushesTo(browser.name);
      expect(more).toEqual([]);
      expect(push).toMatchObject({ status: 201, vapidKey: app.push.keys.publicKey });
      // Decrypted by the push service's own RFC 8291 code: what the service worker shows.
      expect(push!.payload).toEqual({
        title: 'Time to write',
        body: promptOfTheDay('2026-03-01'),
        url: '/entry',
      });
    }
    await app.smtp.waitFor((m) => m.to.includes('ada-push@example.com'));
    const listing = await app.api.call('GET', '/api/push/subscriptions', { token: ada.token });
    expect(
      (listing.body as { subscriptions: { lastUsedAt: string | null }[] }).subscriptions.map(
        (s) => s.lastUsedAt,
      ),
    ).toEqual([new Date(app.clock.now()).toISOString(), new Date(app.clock.now()).toISOString()]);

    // A retried job finds the ledger's row: no second push, no second mail.
    expect(
      await app.service.deliver({ userId: ada.id, kind: 'daily', localDate: '2026-03-01' }),
    ).toBe('duplicate');
    expect(pushesTo(phone.name)).toHaveLength(1);
  });

  it('removes a browser its push service answers 410 for, and does not try it again', async () => {
    const ada = newUser('ada-gone@example.com');
    app.clock.set(Date.parse('2026-04-01T12:00:00Z'));
    const browser = await browserOf(ada, `gone-${kind}`);
    await dailyAt(ada, { email: false, push: true });
    pushService.answerWith(410);
    try {
      await sweepOn('2026-04-01');
      await outcome(ada, '2026-04-01').toBe('push-failed');
    } finally {
      pushService.answerWith(201);
    }
    expect(pushesTo(browser.name)).toHaveLength(1);
    expect(await listed(ada)).toEqual([]);

    await sweepOn('2026-04-02');
    await outcome(ada, '2026-04-02').toBe('no-device');
    expect(pushesTo(browser.name)).toHaveLength(1);
  });

  it('still mails when the push fails, keeps the browser, and does not retry the delivery', async () => {
    const ada = newUser('ada-fails@example.com');
    app.clock.set(Date.parse('2026-05-01T12:00:00Z'));
    const browser = await browserOf(ada, `fails-${kind}`);
    await dailyAt(ada, { email: true, push: true });
    pushService.answerWith(500);
    try {
      await sweepOn('2026-05-01');
      await outcome(ada, '2026-05-01').toBe('mailed');
    } finally {
      pushService.answerWith(201);
    }
    const mail = await app.smtp.waitFor((m) => m.to.includes('ada-fails@example.com'));
    expect(mail.text).toContain('2026-05-01');
    expect(await listed(ada)).toEqual([browser.id]);
    expect(pushesTo(browser.name)).toHaveLength(1);
    expect(
      await app.service.deliver({ userId: ada.id, kind: 'daily', localDate: '2026-05-01' }),
    ).toBe('duplicate');
    expect(pushesTo(browser.name)).toHaveLength(1);
  });

  it('sends a test by e-mail to the verified address, whatever the settings say', async () => {
    const ada = newUser('ada-test@example.com');
    const answer = await sendTest(ada, 'email');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({
      message: 'A test reminder is on its way to a…@example.com',
    });
    const mail = await app.smtp.waitFor((m) => m.to.includes('ada-test@example.com'));
    expect(mail.subject).toBe('A test reminder from Dayframe');
    expect(mail.text).toContain('This is a test.');
    expect(mail.text).toContain(`${APP_URL}/entry`);
    expect(mail.html).toContain(`href="${APP_URL}/entry"`);

    const unverified = newUser(null);
    const refused = await sendTest(unverified, 'email');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Your e-mail address is not verified yet. Verify it in Settings first.',
      code: 'no_verified_address',
    });
  });

  it('sends a test push to every browser, or says none is set up', async () => {
    const ada = newUser('ada-test-push@example.com');
    const none = await sendTest(ada, 'push');
    expect(none.status).toBe(409);
    expect(none.body).toEqual({
      message:
        'No device is set up for notifications yet. Turn on notifications on this device first.',
      code: 'no_push_device',
    });

    const phone = await browserOf(ada, `test-phone-${kind}`);
    const laptop = await browserOf(ada, `test-laptop-${kind}`);
    const answer = await sendTest(ada, 'push');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: 'Sent to 2 devices' });
    for (const browser of [phone, laptop])
      expect(pushesTo(browser.name).map((push) => push.payload)).toEqual([
        {
          title: 'Test reminder',
          body: 'Your Dayframe reminders will look like this.',
          url: '/settings',
        },
      ]);

    // Both forgotten by their push services: removed, and the answer says none is left.
    pushService.answerWith(410);
    try {
      expect((await sendTest(ada, 'push')).status).toBe(409);
    } finally {
      pushService.answerWith(201);
    }
    expect(await listed(ada)).toEqual([]);
  });

  it('answers 400 for an unknown channel, and 429 after 5 tests in a minute', async () => {
    const ada = newUser('ada-many@example.com');
    const bad = await sendTest(ada, 'pigeon');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'channel must be email or push',
      code: 'validation_failed',
    });

    app.clock.set(Date.parse('2026-06-01T12:00:00Z'));
    for (let i = 0; i < 5; i++) expect((await sendTest(ada, 'email')).status).toBe(202);
    const sixth = await sendTest(ada, 'email');
    expect(sixth.status).toBe(429);
    expect((sixth.body as { code: string }).code).toBe('too_many_tests');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account has its own count.
    expect((await sendTest(newUser('bob-many@example.com'), 'email')).status).toBe(202);
    app.clock.set(Date.parse('2026-06-01T12:01:01Z'));
    expect((await sendTest(ada, 'email')).status).toBe(202);
    await expect
      .poll(() => app.smtp.messages.filter((m) => m.to.includes('ada-many@example.com')).length, {
        timeout: 15_000,
      })
      .toBe(6);
  });

  it('forgets the browsers with the account, even one that never saved settings', async () => {
    const ada = newUser('ada-deleted@example.com');
    await browserOf(ada, `deleted-${kind}`);
    expect(await app.service.userIdsAfter('', 1000)).toContain(ada.id);
    await app.service.deleteAccountData(ada.id);
    expect(await app.db('push_subscriptions').where({ user_id: ada.id })).toEqual([]);
    expect(await app.service.userIdsAfter('', 1000)).not.toContain(ada.id);
  });
});
