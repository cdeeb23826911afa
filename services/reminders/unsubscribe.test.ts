import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_UNSUBSCRIBE_PATH } from '@dayframe/contracts';
import type { TestUser } from '@dayframe/test-kit';
import { scheduleOf } from './data/schedule-repo.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { APP_URL, UNSUBSCRIBE_KEY, startRemindersTestApp, type JobsKind } from './_test-app.ts';

// The one-click unsubscribe link (RFC 8058) over HTTP on both databases: no session, the signed
// token is the permission; a GET changes nothing; a forged token changes nothing.
const SETUPS: [string, 'sqlite' | 'mariadb', JobsKind][] = [
  ['SQLite, in-process jobs', 'sqlite', 'in-process'],
  ['MariaDB, BullMQ', 'mariadb', 'bullmq'],
];

const ALL_ON = {
  timeZone: 'Europe/Berlin',
  daily: { enabled: true, time: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
  goalsDue: { enabled: true, daysBefore: 2 },
  weekly: { enabled: true, weekday: 7, time: '18:00' },
  channels: { email: true, push: false },
};
const ONE_CLICK = {
  rawBody: 'List-Unsubscribe=One-Click',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
};

describe.each(SETUPS)('the unsubscribe link on %s', (_name, kind, jobsKind) => {
  let app: Awaited<ReturnType<typeof startRemindersTestApp>>;

  beforeAll(async () => {
    app = await startRemindersTestApp(kind, jobsKind);
    app.clock.set(Date.parse('2026-05-04T12:00:00Z'));
  }, 60_000);
  afterAll(() => app?.close());

  const kindsScheduled = async (userId: string) =>
    (await scheduleOf(app.db, userId)).map((row) => row.kind).sort();
  const settingsOf = async (user: TestUser) =>
    (await app.api.call('GET', '/api/reminders', { token: user.token })).body;
  const withAllOn = async (email: string) => {
    const user = app.sessions.newUser();
    app.setAddress(user.id, email);
    const saved = await app.api.call('PUT', '/api/reminders', { token: user.token, body: ALL_ON });
    expect(saved.status).toBe(200);
    expect(await kindsScheduled(user.id)).toEqual(['daily', 'goalsDue', 'weekly']);
    return user;
  };
  const link = (token: string) => `${REMINDER_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`;

  it('turns off the daily reminder with one POST and no session, and nothing else', async () => {
    const ada = await withAllOn('ada-one-click@example.com');
    const answer = await app.api.call(
      'POST',
      link(unsubscribeToken(UNSUBSCRIBE_KEY, ada.id, 'daily')),
      ONE_CLICK,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.text).toContain(
      'Daily writing reminders are off. You can turn them on again in Settings → Reminders.',
    );
    expect(answer.text).not.toMatch(/<script|<style|style=|src=|https?:\/\//i);
    expect(await settingsOf(ada)).toEqual({
      ...ALL_ON,
      daily: { ...ALL_ON.daily, enabled: false },
      saved: true,
    });
    expect(await kindsScheduled(ada.id)).toEqual(['goalsDue', 'weekly']);

    // Again (a client that retries), or with an empty body: still 200, still off.
    const again = await app.api.call(
      'POST',
      link(unsubscribeToken(UNSUBSCRIBE_KEY, ada.id, 'daily')),
    );
    expect(again.status).toBe(200);
    expect((await settingsOf(ada)).daily.enabled).toBe(false);
  });

  it("a weekly link turns off the weekly digest only: the other kinds' rows stay", async () => {
    const ben = await withAllOn('ben-weekly@example.com');
    const before = await scheduleOf(app.db, ben.id);
    const answer = await app.api.call(
      'POST',
      link(unsubscribeToken(UNSUBSCRIBE_KEY, ben.id, 'weekly')),
      ONE_CLICK,
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Weekly digest e-mails are off.');
    expect(await settingsOf(ben)).toEqual({
      ...ALL_ON,
      weekly: { ...ALL_ON.weekly, enabled: false },
      saved: true,
    });
    expect(await scheduleOf(app.db, ben.id)).toEqual(before.filter((row) => row.kind !== 'weekly'));
  });

  it('a GET changes nothing and shows one button that POSTs to the same link', async () => {
    const cy = await withAllOn('cy-get@example.com');
    const token = unsubscribeToken(UNSUBSCRIBE_KEY, cy.id, 'daily');
    const answer = await app.api.call('GET', link(token));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('You can turn them on again in Settings → Reminders.');
    expect(answer.text).toContain(
      `<form method="post" action="${REMINDER_UNSUBSCRIBE_PATH}?t=${token}">`,
    );
    expect(answer.text.match(/<button/g)).toHaveLength(1);
    expect(answer.text).toContain(
      '<button type="submit">Turn off daily writing reminders</button>',
    );
    expect(answer.text).not.toMatch(/<script|<style|style=|src=/i);
    expect(await settingsOf(cy)).toEqual({ ...ALL_ON, saved: true });
    expect(await kindsScheduled(cy.id)).toEqual(['daily', 'goalsDue', 'weekly']);
  });

  it('refuses a forged, altered or malformed token with 400, and changes nothing', async () => {
    const dee = await withAllOn('dee-forged@example.com');
    const good = unsubscribeToken(UNSUBSCRIBE_KEY, dee.id, 'daily');
    const forged = unsubscribeToken(
      Buffer.from('not-the-deployment-key-but-32-bytes-long'),
      dee.id,
      'daily',
    );
    const altered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      link(forged),
      link(altered),
      link('not-a-token'),
      `${REMINDER_UNSUBSCRIBE_PATH}?t=`,
      REMINDER_UNSUBSCRIBE_PATH,
    ]) {
      for (const method of ['POST', 'GET']) {
        const answer = await app.api.call(method, path, method === 'POST' ? ONE_CLICK : {});
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.text).toContain('This unsubscribe link is not valid. Nothing was changed.');
      }
    }
    expect(await settingsOf(dee)).toEqual({ ...ALL_ON, saved: true });
    expect(await kindsScheduled(dee.id)).toEqual(['daily', 'goalsDue', 'weekly']);
  });

  it('answers the same page for an account that is gone, and makes no settings for it', async () => {
    const gone = 'user-deleted-long-ago';
    const answer = await app.api.call(
      'POST',
      link(unsubscribeToken(UNSUBSCRIBE_KEY, gone, 'daily')),
      ONE_CLICK,
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Daily writing reminders are off.');
    expect(await app.db('reminder_settings').where({ user_id: gone })).toEqual([]);
  });

  it('the link in a daily reminder mail turns that reminder off', async () => {
    const eve = await withAllOn('eve-mail-link@example.com');
    const daily = (await scheduleOf(app.db, eve.id)).find((row) => row.kind === 'daily');
    app.clock.set(daily!.nextFireAt + 5_000);
    await app.service.sweepDue();
    const mail = await app.smtp.waitFor((m) => m.to.includes('eve-mail-link@example.com'));
    const url = /Turn off these reminders: (\S+)/.exec(mail.text)?.[1];
    expect(url).toBe(`${APP_URL}${link(unsubscribeToken(UNSUBSCRIBE_KEY, eve.id, 'daily'))}`);
    const answer = await app.api.call('POST', new URL(url!).pathname + new URL(url!).search, {
      ...ONE_CLICK,
    });
    expect(answer.status).toBe(200);
    expect((await settingsOf(eve)).daily.enabled).toBe(false);
    expect(await kindsScheduled(eve.id)).toEqual(['goalsDue', 'weekly']);
  });
});
