import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderKind } from '@dayframe/contracts';
import type { TestUser } from '@dayframe/test-kit';
import { scheduleOf } from './data/schedule-repo.ts';
import { findDelivery } from './data/deliveries-repo.ts';
import { APP_URL, startRemindersTestApp, type JobsKind } from './_test-app.ts';

// Goals due and the weekly digest (issue 27) over HTTP, with real goals and journals services
// answering over their internal endpoints and mail read from the SMTP sink: SQLite with
// in-process jobs, MariaDB with BullMQ.
const SETUPS: [string, 'sqlite' | 'mariadb', JobsKind][] = [
  ['SQLite, in-process jobs', 'sqlite', 'in-process'],
  ['MariaDB, BullMQ', 'mariadb', 'bullmq'],
];

describe.each(SETUPS)('goals due and the weekly digest on %s', (_name, kind, jobsKind) => {
  let app: Awaited<ReturnType<typeof startRemindersTestApp>>;

  beforeAll(async () => {
    app = await startRemindersTestApp(kind, jobsKind);
  }, 60_000);
  afterAll(() => app?.close());

  const put = async (user: TestUser, body: unknown) => {
    const res = await app.api.call('PUT', '/api/reminders', { token: user.token, body });
    expect(res.status, res.text).toBe(200);
  };
  const newUser = (email: string) => {
    const user = app.sessions.newUser();
    app.setAddress(user.id, email);
    return user;
  };
  const mailsTo = (email: string) => app.smtp.messages.filter((m) => m.to.includes(email));
  const sweepAt = (iso: string) => {
    app.clock.set(Date.parse(iso));
    return app.service.sweepDue();
  };
  const outcome = (user: TestUser, kind: ReminderKind, localDate: string) =>
    expect.poll(
      async () => (await findDelivery(app.db, { userId: user.id, kind, localDate }))?.outcome,
      { timeout: 15_000 },
    );
  async function goal(user: TestUser, title: string, dateDue: string, completedOn?: string) {
    const made = await app.goals.api.call('POST', '/api/goals', {
      token: user.token,
      body: { title, description: 'Why it matters', dateDue, dateSet: '2026-01-01' },
    });
    expect(made.status, made.text).toBe(201);
    if (completedOn) {
      const done = await app.goals.api.call('PUT', `/api/goals/${made.body._id}/complete`, {
        token: user.token,
        body: { currentDate: completedOn },
      });
      expect(done.status, done.text).toBe(200);
    }
  }
  async function write(user: TestUser, ...dates: string[]) {
    const journal = await app.journals.api.call('POST', '/api/journals', {
      token: user.token,
      body: { title: 'Days' },
    });
    expect(journal.status).toBe(201);
    for (const date of dates) {
      const entry = await app.journals.api.call('POST', `/api/entry/${journal.body._id}`, {
        token: user.token,
        body: { content: `On ${date}`, date },
      });
      expect(entry.status, entry.text).toBe(201);
    }
  }

  it('lists the goals due a day later at the daily time in New York, once across fall back, and is quiet when none is due', async () => {
    const ada = newUser('ada-due@example.com');
    const ben = newUser('ben-due@example.com');
    await goal(ada, 'Finish the quilt', '2026-11-02');
    await goal(ada, 'File <the> taxes', '2026-11-02');
    await goal(ada, 'Done early', '2026-11-02', '2026-10-20');
    await goal(ada, 'Paint the fence', '2026-11-03');
    await goal(ben, 'Ben’s own', '2026-11-02');
    app.clock.set(Date.parse('2026-10-31T12:00:00Z'));
    // The daily writing reminder is off and on Mondays only: goals due fire every day regardless.
    await put(ada, {
      timeZone: 'America/New_York',
      daily: { enabled: false, time: '01:30', weekdays: [1] },
      goalsDue: { enabled: true, daysBefore: 1 },
    });
    // 2026-11-01: 01:30 comes twice (EDT, then EST); the first showing, 05:30 UTC, fires.
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'goalsDue', nextFireAt: Date.parse('2026-11-01T05:30:00Z') },
    ]);
    await sweepAt('2026-11-01T05:29:50Z');
    expect(mailsTo('ada-due@example.com')).toHaveLength(0);

    await sweepAt('2026-11-01T05:30:10Z');
    const mail = await app.smtp.waitFor((m) => m.to.includes('ada-due@example.com'));
    await outcome(ada, 'goalsDue', '2026-11-01').toBe('mailed');
    expect(mail.subject).toBe('Dayframe: 2 goals due tomorrow');
    expect(mail.text).toContain('These goals are due tomorrow (2026-11-02):');
    const listed = mail.text.split('\n').filter((line) => line.startsWith('  - '));
    expect(listed).toEqual(['  - Finish the quilt', '  - File <the> taxes']);
    expect(mail.html).toContain('File &lt;the&gt; taxes');
    expect(mail.html).toContain(`href="${APP_URL}/goals"`);
    // The repeated 01:30 (EST, 06:30 UTC) does not fire again: the next is the next day's.
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'goalsDue', nextFireAt: Date.parse('2026-11-02T06:30:00Z') },
    ]);
    await sweepAt('2026-11-01T06:30:10Z');

    await sweepAt('2026-11-02T06:30:10Z');
    await outcome(ada, 'goalsDue', '2026-11-02').toBe('mailed');
    const second = await app.smtp.waitFor(
      (m) => m.to.includes('ada-due@example.com') && m.subject.includes('1 goal'),
    );
    expect(second.text).toContain('  - Paint the fence\n');

    // Nothing due on 2026-11-04: the day is marked and no mail goes.
    await sweepAt('2026-11-03T06:30:10Z');
    await outcome(ada, 'goalsDue', '2026-11-03').toBe('nothing-due');
    expect(mailsTo('ada-due@example.com').map((m) => m.subject)).toEqual([
      'Dayframe: 2 goals due tomorrow',
      'Dayframe: 1 goal due tomorrow',
    ]);
    expect(mailsTo('ben-due@example.com')).toHaveLength(0);

    // Turned off: no row left.
    await put(ada, { goalsDue: { enabled: false, daysBefore: 1 } });
    expect(await scheduleOf(app.db, ada.id)).toEqual([]);
  });

  it('sends the weekly digest on Sundays at 18:00 in Sydney, before and after daylight saving ends, with the week’s counts', async () => {
    const ada = newUser('ada-week@example.com');
    const ben = newUser('ben-week@example.com');
    await write(ada, '2026-03-20', '2026-03-27', '2026-03-28', '2026-03-29');
    await write(ada, '2026-03-31', '2026-04-01', '2026-04-01', '2026-04-03', '2026-04-04');
    await write(ada, '2026-04-05');
    await write(ben, '2026-03-30', '2026-04-02');
    await goal(ada, 'Done in the week', '2026-05-01', '2026-03-31');
    await goal(ada, 'Done on Sunday', '2026-05-01', '2026-04-05');
    await goal(ada, 'Done the week before', '2026-05-01', '2026-03-29');
    await goal(ada, 'Due on Tuesday', '2026-04-07');
    await goal(ada, 'Due next Sunday', '2026-04-12');
    await goal(ada, 'Due too late', '2026-04-13');
    await goal(ada, 'Done, was due Wednesday', '2026-04-08', '2026-03-20');
    await goal(ben, 'Ben’s, due Tuesday', '2026-04-07', undefined);
    await goal(ben, 'Ben’s, done', '2026-05-01', '2026-04-01');

    app.clock.set(Date.parse('2026-03-25T00:00:00Z'));
    await put(ada, {
      timeZone: 'Australia/Sydney',
      weekly: { enabled: true, weekday: 7, time: '18:00' },
    });
    // Sunday 2026-03-29, 18:00 AEDT (UTC+11).
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'weekly', nextFireAt: Date.parse('2026-03-29T07:00:00Z') },
    ]);
    await sweepAt('2026-03-29T07:00:10Z');
    await outcome(ada, 'weekly', '2026-03-29').toBe('mailed');
    const first = await app.smtp.waitFor((m) => m.to.includes('ada-week@example.com'));
    expect(first.subject).toBe('Your week in Dayframe');
    expect(first.text).toContain('Your week, 2026-03-23 to 2026-03-29:');
    expect(first.text).toContain('  Entries written: 3\n');
    expect(first.text).toContain('  Writing streak: 3 days\n');
    expect(first.text).toContain('  Goals completed: 1\n');
    expect(first.text).toContain('No goals are due in the next 7 days.');

    // Daylight saving ends at 03:00 on 2026-04-05: the next Sunday's 18:00 is AEST (UTC+10).
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'weekly', nextFireAt: Date.parse('2026-04-05T08:00:00Z') },
    ]);
    await sweepAt('2026-04-05T07:00:10Z');
    await sweepAt('2026-04-05T08:00:10Z');
    await outcome(ada, 'weekly', '2026-04-05').toBe('mailed');
    const digest = await app.smtp.waitFor(
      (m) => m.to.includes('ada-week@example.com') && m.text.includes('to 2026-04-05'),
    );
    expect(digest.text).toContain('Your week, 2026-03-30 to 2026-04-05:');
    expect(digest.text).toContain('  Entries written: 6\n');
    expect(digest.text).toContain('  Writing streak: 3 days\n');
    expect(digest.text).toContain('  Goals completed: 2\n');
    const listed = digest.text.split('\n').filter((line) => line.startsWith('  - '));
    expect(listed).toEqual([
      '  - Due on Tuesday (due 2026-04-07)',
      '  - Due next Sunday (due 2026-04-12)',
    ]);
    expect(digest.html).toContain(`href="${APP_URL}/dashboard"`);
    expect(mailsTo('ada-week@example.com')).toHaveLength(2);
    expect(mailsTo('ben-week@example.com')).toHaveLength(0);
    expect(await scheduleOf(app.db, ada.id)).toEqual([
      { kind: 'weekly', nextFireAt: Date.parse('2026-04-12T08:00:00Z') },
    ]);
  });
});
