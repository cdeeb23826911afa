import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS } from '@dayframe/contracts';
import type { TestUser } from '@dayframe/test-kit';
import { moveOnFirings, scheduleOf } from './data/schedule-repo.ts';
import { findDelivery } from './data/deliveries-repo.ts';
import { seedDailyReminders } from './_many-reminders.ts';
import { APP_URL, startRemindersTestApp, type JobsKind } from './_test-app.ts';

// The reminders service over HTTP: SQLite with in-process jobs (npm start), MariaDB with BullMQ
// on Redis (a deployment); journals answers over its internal endpoint, mail goes through SMTP.
const SETUPS: [string, 'sqlite' | 'mariadb', JobsKind][] = [
  ['SQLite, in-process jobs', 'sqlite', 'in-process'],
  ['MariaDB, BullMQ', 'mariadb', 'bullmq'],
];

const BERLIN_DAILY = {
  timeZone: 'Europe/Berlin',
  daily: { enabled: true, time: '02:30', weekdays: [1, 2, 3, 4, 5, 6, 7] },
};

describe.each(SETUPS)('reminders over HTTP on %s', (_name, kind, jobsKind) => {
  let app: Awaited<ReturnType<typeof startRemindersTestApp>>;

  beforeAll(async () => {
    app = await startRemindersTestApp(kind, jobsKind);
  }, 60_000);
  afterAll(() => app?.close());

  const put = (user: TestUser, body: unknown) =>
    app.api.call('PUT', '/api/reminders', { token: user.token, body });
  const newUser = (email: string) => {
    const user = app.sessions.newUser();
    app.setAddress(user.id, email);
    return user;
  };
  const mailsTo = (email: string) => app.smtp.messages.filter((m) => m.to.includes(email));
  /** Sweeps at `iso`, then waits until every queued job has been worked (ledger rows marked). */
  const sweepAt = async (iso: string) => {
    app.clock.set(Date.parse(iso));
    return app.service.sweepDue();
  };
  const delivered = (user: TestUser, localDate: string) =>
    expect.poll(
      async () =>
        (await findDelivery(app.db, { userId: user.id, kind: 'daily', localDate }))?.outcome,
      {
        timeout: 15_000,
      },
    );

  it('answers the defaults before anything is saved, and needs a session', async () => {
    const ada = newUser('ada-defaults@example.com');
    const read = await app.api.call('GET', '/api/reminders', { token: ada.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...DEFAULT_REMINDER_SETTINGS, saved: false });
    expect((await app.api.call('GET', '/api/reminders')).status).toBe(401);
  });

  it('keeps what PUT saves, section by section, and schedules each kind that is on', async () => {
    const ada = newUser('ada-roundtrip@example.com');
    app.clock.set(Date.parse('2026-03-10T12:00:00Z'));
    const full = {
      timeZone: 'Europe/Berlin',
      daily: { enabled: true, time: '20:30', weekdays: [1, 2, 3, 4, 5] },
      goalsDue: { enabled: true, daysBefore: 3 },
      weekly: { enabled: true, weekday: 6, time: '09:15' },
      channels: { email: true, push: true },
    };
    const saved = await put(ada, full);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...full, saved: true });
    expect((await app.api.call('GET', '/api/reminders', { token: ada.token })).body).toEqual({
      ...full,
      saved: true,
    });
    // 2026-03-10 is a Tuesday; 20:30 in Berlin (CET) is 19:30 UTC. Goals due fire at the daily
    // time too; the digest on Saturday 2026-03-14, 09:15 CET.
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'daily', nextFireAt: Date.parse('2026-03-10T19:30:00Z') },
      { kind: 'goalsDue', nextFireAt: Date.parse('2026-03-10T19:30:00Z') },
      { kind: 'weekly', nextFireAt: Date.parse('2026-03-14T08:15:00Z') },
    ]);

    const oneSection = await put(ada, { channels: { email: false, push: false } });
    expect(oneSection.body).toEqual({
      ...full,
      channels: { email: false, push: false },
      saved: true,
    });

    // Turned off: no row left for the sweep to read, each kind on its own.
    await put(ada, { daily: { ...full.daily, enabled: false } });
    expect((await scheduleOf(app.db, ada.id)).map((row) => row.kind)).toEqual([
      'goalsDue',
      'weekly',
    ]);
    await put(ada, {
      goalsDue: { ...full.goalsDue, enabled: false },
      weekly: { ...full.weekly, enabled: false },
    });
    expect(await scheduleOf(app.db, ada.id)).toEqual([]);
  });

  it.each([
    [{ timeZone: 'Europe/Atlantis' }, 'timeZone must be an IANA time zone such as Europe/Berlin'],
    [{ daily: { enabled: true, time: '25:00', weekdays: [1] } }, 'daily.time must be HH:MM'],
    [
      { daily: { enabled: true, time: '20:00', weekdays: [] } },
      'daily.weekdays must name at least one weekday when daily is enabled',
    ],
    [
      { goalsDue: { enabled: true, daysBefore: 9 } },
      'goalsDue.daysBefore must be a whole number of days from 0 to 7',
    ],
    [
      { weekly: { enabled: true, weekday: 0, time: '18:00' } },
      'weekly.weekday must be a weekday from 1 (Monday) to 7 (Sunday)',
    ],
    [{ channels: 'all' }, 'channels must be an object'],
    [[1, 2], 'The request body must be a JSON object'],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const ada = newUser('ada-400@example.com');
    const answer = await put(ada, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message, code: 'validation_failed' });
    expect((await app.api.call('GET', '/api/reminders', { token: ada.token })).body).toEqual({
      ...DEFAULT_REMINDER_SETTINGS,
      saved: false,
    });
  });

  it('mails the daily reminder at 03:00 in Berlin on the day 02:30 is skipped, and once a day', async () => {
    const ada = newUser('ada-gap@example.com');
    app.clock.set(Date.parse('2026-03-28T12:00:00Z'));
    expect((await put(ada, BERLIN_DAILY)).status).toBe(200);
    // 2026-03-29: the clocks go from 02:00 to 03:00, i.e. 01:00 UTC.
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'daily', nextFireAt: Date.parse('2026-03-29T01:00:00Z') },
    ]);
    await sweepAt('2026-03-29T00:59:59Z');
    expect(
      await findDelivery(app.db, { userId: ada.id, kind: 'daily', localDate: '2026-03-29' }),
    ).toBeNull();

    const swept = await sweepAt('2026-03-29T01:00:10Z');
    expect(swept.queued).toBeGreaterThanOrEqual(1);
    const mail = await app.smtp.waitFor((m) => m.to.includes('ada-gap@example.com'));
    expect(mail.subject).toBe('Time to write in Dayframe');
    expect(mail.text).toContain('2026-03-29');
    expect(mail.text).toContain(`${APP_URL}/entry`);
    expect(mail.html).toContain(`href="${APP_URL}/entry"`);
    await delivered(ada, '2026-03-29').toBe('mailed');
    // Moved on to the next day's 02:30 (CEST, 00:30 UTC).
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'daily', nextFireAt: Date.parse('2026-03-30T00:30:00Z') },
    ]);

    // Swept again within the same minute, and the job asked again as a retry would: no second mail.
    await sweepAt('2026-03-29T01:00:30Z');
    expect(
      await app.service.deliver({ userId: ada.id, kind: 'daily', localDate: '2026-03-29' }),
    ).toBe('duplicate');
    await sweepAt('2026-03-30T00:30:05Z');
    await app.smtp.waitFor(
      (m) => m.to.includes('ada-gap@example.com') && m.text.includes('2026-03-30'),
    );
    expect(
      mailsTo('ada-gap@example.com').map((m) => m.text.match(/\d{4}-\d{2}-\d{2}/)?.[0]),
    ).toEqual(['2026-03-29', '2026-03-30']);
  });

  it('skips the day the person has already written, asking journals', async () => {
    const ada = newUser('ada-wrote@example.com');
    const journal = await app.journals.api.call('POST', '/api/journals', {
      token: ada.token,
      body: { title: 'Days' },
    });
    expect(journal.status).toBe(201);
    const entry = await app.journals.api.call('POST', `/api/entry/${journal.body._id}`, {
      token: ada.token,
      body: { content: 'Wrote early today.', date: '2026-04-02' },
    });
    expect(entry.status).toBe(201);
    app.clock.set(Date.parse('2026-04-01T12:00:00Z'));
    await put(ada, {
      timeZone: 'Asia/Kolkata',
      daily: { enabled: true, time: '21:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });

    await sweepAt('2026-04-01T15:30:20Z'); // 21:00 IST on 2026-04-01: not written
    await delivered(ada, '2026-04-01').toBe('mailed');
    // Marked mailed once it is queued: the mail itself reaches SMTP a moment later.
    await app.smtp.waitFor((m) => m.to.includes('ada-wrote@example.com'));
    await sweepAt('2026-04-02T15:30:20Z'); // 2026-04-02 has an entry
    await delivered(ada, '2026-04-02').toBe('written');
    // 'mailed' means queued: the first day's mail may still be on its way to the sink.
    await app.smtp.waitFor((m) => m.to.includes('ada-wrote@example.com'));
    expect(mailsTo('ada-wrote@example.com')).toHaveLength(1);
  });

  it('sends a late firing never, and moves it on (the service was down)', async () => {
    const ada = newUser('ada-late@example.com');
    app.clock.set(Date.parse('2026-05-01T12:00:00Z'));
    await put(ada, {
      timeZone: 'UTC',
      daily: { enabled: true, time: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    const swept = await sweepAt('2026-05-02T08:00:00Z');
    expect(swept.late).toBeGreaterThanOrEqual(1);
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'daily', nextFireAt: Date.parse('2026-05-02T20:00:00Z') },
    ]);
    expect(
      await findDelivery(app.db, { userId: ada.id, kind: 'daily', localDate: '2026-05-01' }),
    ).toBeNull();
  });

  it('sends once with two replicas sweeping the same database at once', async () => {
    const replica = await app.replica();
    const people = Array.from({ length: 12 }, (_, i) => newUser(`twin-${i}@example.com`));
    app.clock.set(Date.parse('2026-06-01T12:00:00Z'));
    for (const person of people)
      await put(person, {
        timeZone: 'America/New_York',
        daily: { enabled: true, time: '19:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
      });
    app.clock.set(Date.parse('2026-06-01T23:00:05Z')); // 19:00 EDT
    await Promise.all([
      app.service.sweepDue(),
      replica.sweepDue(),
      app.service.sweepDue(),
      replica.sweepDue(),
    ]);
    for (const person of people) await delivered(person, '2026-06-01').toBe('mailed');
    for (let i = 0; i < people.length; i++)
      await app.smtp.waitFor((m) => m.to.includes(`twin-${i}@example.com`));
    // Both replicas work a job for each, yet each person has one mail.
    for (let i = 0; i < people.length; i++)
      expect(mailsTo(`twin-${i}@example.com`)).toHaveLength(1);
  });

  /**
   * `accounts` daily reminders seeded straight into the tables, `due` of them at `iso`, then the
   * clock 10 s past it: the sweeps' work, with each account's ledger row for the day to wait on.
   */
  const seedMany = async (iso: string, accounts: number, due: number) => {
    const prefix = `many-${Math.random().toString(36).slice(2, 8)}`;
    const dueAt = Date.parse(iso);
    await seedDailyReminders(app.db, { accounts, due, dueAt, prefix });
    app.clock.set(dueAt + 10_000);
    const mine = (table: string) => app.db(table).where('user_id', 'like', `${prefix}-%`);
    return {
      dueAt,
      /** Seeded rows still due, and those moved to the next day's firing (24 h on). */
      async schedule() {
        const rows = (await mine('reminder_schedule')) as { next_fire_at: number | string }[];
        const at = rows.map((row) => Number(row.next_fire_at));
        return {
          stillDue: at.filter((t) => t <= dueAt).length,
          nextDay: at.filter((t) => t === dueAt + 86_400_000).length,
        };
      },
      /** The ledger's rows for the seeded accounts, all worked (the stand-in has no address). */
      async worked() {
        const rows = (await mine('reminder_deliveries')) as { outcome: string | null }[];
        return rows.filter((row) => row.outcome === 'no-address').length;
      },
    };
  };

  it('sweeps more due reminders than a batch holds, each queued once', async () => {
    // 2026-09-15: no zone seeded changes its clocks within a day of it.
    const many = await seedMany('2026-09-15T12:00:00Z', 1_500, 1_200);
    const swept = await app.service.sweepDue({ batch: 250 });
    expect(swept.queued).toBe(1_200);
    expect(await many.schedule()).toEqual({ stillDue: 0, nextDay: 1_200 });
    await expect.poll(() => many.worked(), { timeout: 90_000, interval: 500 }).toBe(1_200);
    expect((await app.service.sweepDue({ batch: 250 })).queued).toBe(0);
  }, 120_000);

  it('has two replicas sweeping 2,000 due reminders at once queue each exactly once', async () => {
    const replica = await app.replica();
    const many = await seedMany('2026-09-20T12:00:00Z', 2_000, 2_000);
    const swept = await Promise.all([
      app.service.sweepDue({ batch: 250 }),
      replica.sweepDue({ batch: 250 }),
      app.service.sweepDue({ batch: 250 }),
      replica.sweepDue({ batch: 250 }),
    ]);
    // Queued is what the sweeps handed the bus: no row twice, whichever replica took it.
    expect(swept.reduce((sum, s) => sum + s.queued, 0)).toBe(2_000);
    expect(await many.schedule()).toEqual({ stillDue: 0, nextDay: 2_000 });
    await expect.poll(() => many.worked(), { timeout: 90_000, interval: 500 }).toBe(2_000);
  }, 120_000);

  it('moves a swept row on only while it is still due as read: a PUT in between wins', async () => {
    const ada = newUser('ada-cas@example.com');
    const bo = newUser('bo-cas@example.com');
    app.clock.set(Date.parse('2026-09-01T12:00:00Z'));
    const daily = { enabled: true, time: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] };
    await put(ada, { timeZone: 'UTC', daily });
    await put(bo, { timeZone: 'UTC', daily });
    const read = Date.parse('2026-09-01T20:00:00Z');
    // Ada saved 21:00 after the sweep read her row at 20:00; Bo changed nothing.
    await put(ada, { daily: { ...daily, time: '21:00' } });
    const moved = await moveOnFirings(app.db, [
      { due: { userId: ada.id, kind: 'daily', dueAt: read }, next: read + 86_400_000 },
      { due: { userId: bo.id, kind: 'daily', dueAt: read }, next: read + 86_400_000 },
    ]);
    expect(moved).toBe(1);
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'daily', nextFireAt: Date.parse('2026-09-01T21:00:00Z') },
    ]);
    expect(await scheduleOf(app.db, bo.id)).toEqual([
      { kind: 'daily', nextFireAt: read + 86_400_000 },
    ]);
  });

  it('takes over a claim left by a worker that died before mailing, once it is stale', async () => {
    const ada = newUser('ada-crash@example.com');
    const key = { userId: ada.id, kind: 'daily' as const, localDate: '2026-07-01' };
    app.clock.set(Date.parse('2026-07-01T20:00:00Z'));
    await app.db('reminder_deliveries').insert({
      user_id: ada.id,
      kind: 'daily',
      local_date: '2026-07-01',
      claimed_at: Date.parse('2026-07-01T19:59:00Z'),
      sent_at: null,
      outcome: null,
    });
    await put(ada, {
      timeZone: 'UTC',
      daily: { enabled: true, time: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    // A minute old: the other worker may still be at it.
    await expect(app.service.deliver(key)).rejects.toThrow(/claimed by another worker/);
    app.clock.set(Date.parse('2026-07-01T20:05:00Z'));
    expect(await app.service.deliver(key)).toBe('mailed');
    await app.smtp.waitFor((m) => m.to.includes('ada-crash@example.com'));
    expect(await app.service.deliver(key)).toBe('duplicate');
  });

  it('mails once when a worker died after queueing the mail but before marking the ledger', async () => {
    const ada = newUser('ada-sent-crash@example.com');
    const key = { userId: ada.id, kind: 'daily' as const, localDate: '2026-07-02' };
    app.clock.set(Date.parse('2026-07-02T12:00:00Z'));
    await put(ada, {
      timeZone: 'UTC',
      daily: { enabled: true, time: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    app.clock.set(Date.parse('2026-07-02T20:00:05Z'));
    expect(await app.service.deliver(key)).toBe('mailed');
    await app.smtp.waitFor((m) => m.to.includes('ada-sent-crash@example.com'));
    // The crash: the mail went, the ledger row was never marked.
    await app
      .db('reminder_deliveries')
      .where({ user_id: ada.id, kind: 'daily', local_date: '2026-07-02' })
      .update({ sent_at: null, outcome: null });
    app.clock.set(Date.parse('2026-07-02T20:06:00Z'));
    expect(await app.service.deliver(key)).toBe('mailed');
    expect(await app.service.deliver(key)).toBe('duplicate');
    // Another reminder's mail, sent after the retry, shows the retry's mail would have arrived.
    const ben = newUser('ben-after-crash@example.com');
    await put(ben, { timeZone: 'UTC', daily: { enabled: true, time: '20:00', weekdays: [4] } });
    expect(
      await app.service.deliver({ userId: ben.id, kind: 'daily', localDate: '2026-07-02' }),
    ).toBe('mailed');
    await app.smtp.waitFor((m) => m.to.includes('ben-after-crash@example.com'));
    expect(mailsTo('ada-sent-crash@example.com')).toHaveLength(1);
  });

  it('forgets the account on account.deleted: settings, schedule and ledger', async () => {
    const ada = newUser('ada-gone@example.com');
    app.clock.set(Date.parse('2026-08-01T12:00:00Z'));
    await put(ada, BERLIN_DAILY);
    await sweepAt('2026-08-02T00:30:10Z');
    await delivered(ada, '2026-08-02').toBe('mailed');
    expect(await app.service.userIdsAfter('', 1000)).toContain(ada.id);

    await app.service.deleteAccountData(ada.id);
    for (const table of ['reminder_settings', 'reminder_schedule', 'reminder_deliveries'])
      expect(await app.db(table).where({ user_id: ada.id })).toEqual([]);
    expect(await app.service.userIdsAfter('', 1000)).not.toContain(ada.id);
    await app.service.deleteAccountData(ada.id); // a redelivered event is harmless
  });
});
