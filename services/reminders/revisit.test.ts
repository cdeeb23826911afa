import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_SUMMARIES_MAX } from '@dayframe/contracts';
import type { TestUser } from '@dayframe/test-kit';
import { findDelivery } from './data/deliveries-repo.ts';
import { instantOf } from './schedule/local-time.ts';
import { APP_URL, startRemindersTestApp, type JobsKind } from './_test-app.ts';

// "Remind me about this entry" (issue 27) over HTTP: SQLite with in-process jobs, MariaDB with
// BullMQ; journals is real (asked whether an entry is the person's and what to quote of it), and
// the mail is read from the SMTP sink.
const SETUPS: [string, 'sqlite' | 'mariadb', JobsKind][] = [
  ['SQLite, in-process jobs', 'sqlite', 'in-process'],
  ['MariaDB, BullMQ', 'mariadb', 'bullmq'],
];

const NEVER_SEEN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(SETUPS)('revisit reminders over HTTP on %s', (_name, kind, jobsKind) => {
  let app: Awaited<ReturnType<typeof startRemindersTestApp>>;

  beforeAll(async () => {
    app = await startRemindersTestApp(kind, jobsKind);
  }, 60_000);
  afterAll(() => app?.close());

  const newUser = (email: string) => {
    const user = app.sessions.newUser();
    app.setAddress(user.id, email);
    return user;
  };
  /** A journal of the person's with one entry; answers both ids. */
  const writeEntry = async (user: TestUser, title: string, content: string, date: string) => {
    const journal = await app.journals.api.call('POST', '/api/journals', {
      token: user.token,
      body: { title: 'Days' },
    });
    expect(journal.status).toBe(201);
    const entry = await app.journals.api.call('POST', `/api/entry/${journal.body._id}`, {
      token: user.token,
      body: { title, content, date },
    });
    expect(entry.status).toBe(201);
    return { journalId: journal.body._id as string, entryId: entry.body._id as string };
  };
  const revisit = (user: TestUser, body: unknown) =>
    app.api.call('POST', '/api/reminders/revisit', { token: user.token, body });
  const pending = async (user: TestUser, entryId: string) => {
    const answer = await app.api.call(
      'GET',
      `/api/reminders/revisit?entryId=${encodeURIComponent(entryId)}`,
      { token: user.token },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const rowsOf = (user: TestUser) =>
    app.db('reminder_revisits').where({ user_id: user.id }).orderBy('created_at');
  const outcomeOf = (user: TestUser, localDate: string) =>
    expect.poll(
      async () =>
        (await findDelivery(app.db, { userId: user.id, kind: 'revisit', localDate }))?.outcome,
      { timeout: 15_000 },
    );
  const sweepAt = async (iso: string) => {
    app.clock.set(Date.parse(iso));
    return app.service.sweepRevisits();
  };

  it('sets, reads, replaces and cancels a revisit', async () => {
    const ada = newUser('ada-roundtrip@example.com');
    const { entryId } = await writeEntry(ada, 'Lake', 'Swam at dawn.', '2026-09-30');
    app.clock.set(Date.parse('2026-10-01T12:00:00Z'));
    expect(await pending(ada, entryId)).toEqual([]);

    const set = await revisit(ada, { entryId, on: '2026-10-08' });
    expect(set.status).toBe(201);
    expect(set.body).toEqual({ id: expect.any(String), entryId, on: '2026-10-08' });
    expect(await pending(ada, entryId)).toEqual([set.body]);
    // No settings saved: UTC and the default time, 20:00.
    expect((await rowsOf(ada)).map((row) => Number(row.fire_at))).toEqual([
      Date.parse('2026-10-08T20:00:00Z'),
    ]);

    // Today is allowed, and a second revisit of the entry replaces the first.
    const again = await revisit(ada, { entryId, on: '2026-10-01' });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(set.body.id);
    expect(await pending(ada, entryId)).toEqual([again.body]);
    expect(await rowsOf(ada)).toHaveLength(1);

    const oldOne = await app.api.call('DELETE', `/api/reminders/revisit/${set.body.id}`, {
      token: ada.token,
    });
    expect(oldOne.status).toBe(404);
    const cancelled = await app.api.call('DELETE', `/api/reminders/revisit/${again.body.id}`, {
      token: ada.token,
    });
    expect(cancelled.status).toBe(204);
    expect(await pending(ada, entryId)).toEqual([]);
    expect((await app.api.call('GET', `/api/reminders/revisit?entryId=${entryId}`)).status).toBe(
      401,
    );
  });

  it('refuses, changing nothing: a past, malformed or far day, another person’s entry or revisit', async () => {
    const ada = newUser('ada-refused@example.com');
    const bob = newUser('bob-refused@example.com');
    const { entryId } = await writeEntry(ada, 'Mine', 'Only mine.', '2026-09-30');
    const bobs = await writeEntry(bob, 'His', 'Only his.', '2026-09-30');
    // 23:30 UTC on 2026-10-01 is already 2026-10-02 in Auckland (NZDT, +13).
    app.clock.set(Date.parse('2026-10-01T23:30:00Z'));
    await app.api.call('PUT', '/api/reminders', {
      token: ada.token,
      body: { timeZone: 'Pacific/Auckland' },
    });
    const refusals: [unknown, number, string][] = [
      [{ entryId, on: '2026-10-01' }, 400, 'on must be today (2026-10-02) or later'],
      [{ entryId, on: '2026-02-30' }, 400, 'on must be a date YYYY-MM-DD'],
      [{ entryId, on: 'next week' }, 400, 'on must be a date YYYY-MM-DD'],
      [{ entryId }, 400, 'on must be a date YYYY-MM-DD'],
      [{ entryId, on: '2036-10-03' }, 400, 'on must be within 10 years (by 2036-10-02)'],
      [{ on: '2026-10-05' }, 400, 'entryId must be an entry id'],
      [{ entryId: bobs.entryId, on: '2026-10-05' }, 404, 'Entry not found'],
      [{ entryId: NEVER_SEEN_ID, on: '2026-10-05' }, 404, 'Entry not found'],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await revisit(ada, body);
      expect([answer.status, answer.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect(await rowsOf(ada)).toEqual([]);
    expect((await revisit(ada, { entryId, on: '2036-10-02' })).status).toBe(201);

    const badQuery = await app.api.call('GET', '/api/reminders/revisit', { token: ada.token });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.message).toBe('entryId must be an entry id');

    // Bob's revisit is not Ada's to see or cancel.
    const his = await revisit(bob, { entryId: bobs.entryId, on: '2026-10-05' });
    expect(his.status).toBe(201);
    expect(await pending(ada, bobs.entryId)).toEqual([]);
    const notHers = await app.api.call('DELETE', `/api/reminders/revisit/${his.body.id}`, {
      token: ada.token,
    });
    expect(notHers.status).toBe(404);
    expect(notHers.body).toEqual({ message: 'Revisit not found', code: 'revisit_not_found' });
    expect(await pending(bob, bobs.entryId)).toEqual([his.body]);
  });

  it('mails at the daily time in Berlin on the day the clocks go back, quoting the entry', async () => {
    const ada = newUser('ada-berlin@example.com');
    const { journalId, entryId } = await writeEntry(
      ada,
      'The <b>storm</b>',
      '## Night\n\nThe **wind** took the _old_ fence & the shed.\n\nMore later.',
      '2026-10-18',
    );
    app.clock.set(Date.parse('2026-10-20T10:00:00Z'));
    // The daily reminder is off; its time is still when revisits fire.
    await app.api.call('PUT', '/api/reminders', {
      token: ada.token,
      body: {
        timeZone: 'Europe/Berlin',
        daily: { enabled: false, time: '02:30', weekdays: [1, 2, 3, 4, 5, 6, 7] },
      },
    });
    expect((await revisit(ada, { entryId, on: '2026-10-25' })).status).toBe(201);
    // 2026-10-25: 02:30 is shown twice (03:00 CEST falls back to 02:00 CET); the first showing
    // is 00:30 UTC.
    expect(Number((await rowsOf(ada))[0].fire_at)).toBe(Date.parse('2026-10-25T00:30:00Z'));

    // Other tests' revisits share the database: what matters is Ada's row, still pending.
    await sweepAt('2026-10-25T00:29:59Z');
    expect((await rowsOf(ada)).map((row) => row.queued_at)).toEqual([null]);
    expect(
      await findDelivery(app.db, { userId: ada.id, kind: 'revisit', localDate: '2026-10-25' }),
    ).toBeNull();
    expect((await sweepAt('2026-10-25T00:30:05Z')).queued).toBeGreaterThanOrEqual(1);
    const mail = await app.smtp.waitFor((m) => m.to.includes('ada-berlin@example.com'));
    const link = `${APP_URL}/journals/${journalId}/entries/${entryId}`;
    expect(mail.subject).toBe('An entry to revisit in Dayframe');
    expect(mail.text).toContain('The <b>storm</b> (2026-10-18)');
    expect(mail.text).toContain('Night The wind took the old fence & the shed. More later.');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('The &lt;b&gt;storm&lt;/b&gt;');
    expect(mail.html).toContain('the old fence &amp; the shed');
    expect(mail.html).toContain(`href="${link}"`);
    await outcomeOf(ada, '2026-10-25').toBe('mailed');
    // Delivered: gone, and a second sweep or a retried job sends nothing more.
    expect(await rowsOf(ada)).toEqual([]);
    expect(await pending(ada, entryId)).toEqual([]);
    expect((await sweepAt('2026-10-25T00:31:00Z')).queued).toBe(0);
    expect(
      await app.service.deliver({ userId: ada.id, kind: 'revisit', localDate: '2026-10-25' }),
    ).toBe('duplicate');
    expect(app.smtp.messages.filter((m) => m.to.includes('ada-berlin@'))).toHaveLength(1);

    // Today's revisits have gone out: another one for today would never be sent, so it is
    // refused, naming the field; tomorrow is fine.
    const again = await revisit(ada, { entryId, on: '2026-10-25' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      "on must be after today (2026-10-25): today's revisit reminders have already been sent",
    );
    expect(await rowsOf(ada)).toEqual([]);
    expect((await revisit(ada, { entryId, on: '2026-10-26' })).status).toBe(201);
  });

  it('sends one mail for the day’s revisits, leaving out an entry deleted since', async () => {
    const ada = newUser('ada-two@example.com');
    const first = await writeEntry(ada, 'First walk', 'Cold and bright.', '2026-11-01');
    const second = await writeEntry(ada, 'Second walk', 'Rain all day.', '2026-11-02');
    const gone = await writeEntry(ada, 'Deleted walk', 'Never mind.', '2026-11-03');
    app.clock.set(Date.parse('2026-11-03T12:00:00Z'));
    for (const { entryId } of [first, second, gone])
      expect((await revisit(ada, { entryId, on: '2026-11-10' })).status).toBe(201);
    const deleted = await app.journals.api.call(
      'DELETE',
      `/api/entry/${gone.journalId}/${gone.entryId}`,
      { token: ada.token },
    );
    expect(deleted.status).toBe(200);

    expect((await sweepAt('2026-11-10T20:00:10Z')).queued).toBeGreaterThanOrEqual(1);
    await outcomeOf(ada, '2026-11-10').toBe('mailed');
    const mail = await app.smtp.waitFor((m) => m.to.includes('ada-two@example.com'));
    expect(mail.subject).toBe('2 entries to revisit in Dayframe');
    expect(mail.text).toContain('First walk (2026-11-01)');
    expect(mail.text).toContain('Second walk (2026-11-02)');
    expect(mail.text).not.toContain('Deleted walk');
    expect(mail.text).toContain(
      `${APP_URL}/journals/${second.journalId}/entries/${second.entryId}`,
    );
    expect(app.smtp.messages.filter((m) => m.to.includes('ada-two@'))).toHaveLength(1);
    expect(await rowsOf(ada)).toEqual([]);
  });

  it('names more revisits of a day than journals answers at once', async () => {
    const ada = newUser('ada-many@example.com');
    const journal = await app.journals.api.call('POST', '/api/journals', {
      token: ada.token,
      body: { title: 'Many' },
    });
    app.clock.set(Date.parse('2026-12-01T12:00:00Z'));
    const count = ENTRY_SUMMARIES_MAX + 1;
    for (let i = 1; i <= count; i++) {
      const entry = await app.journals.api.call('POST', `/api/entry/${journal.body._id}`, {
        token: ada.token,
        body: { title: `Note ${i}`, content: `Line ${i}`, date: '2026-11-30' },
      });
      expect((await revisit(ada, { entryId: entry.body._id, on: '2026-12-02' })).status).toBe(201);
    }
    await sweepAt('2026-12-02T20:00:05Z');
    await outcomeOf(ada, '2026-12-02').toBe('mailed');
    const mail = await app.smtp.waitFor((m) => m.to.includes('ada-many@example.com'));
    expect(mail.subject).toBe(`${count} entries to revisit in Dayframe`);
    expect(mail.text).toContain('Note 1 (2026-11-30)');
    expect(mail.text).toContain(`Note ${count} (2026-11-30)`);
  }, 60_000);

  it('sends nothing when every entry of the day was deleted', async () => {
    const ada = newUser('ada-none@example.com');
    const gone = await writeEntry(ada, 'Gone', 'Soon deleted.', '2026-11-20');
    app.clock.set(Date.parse('2026-11-20T12:00:00Z'));
    expect((await revisit(ada, { entryId: gone.entryId, on: '2026-11-21' })).status).toBe(201);
    await app.journals.api.call('DELETE', `/api/entry/${gone.journalId}/${gone.entryId}`, {
      token: ada.token,
    });
    await sweepAt('2026-11-21T20:00:05Z');
    await outcomeOf(ada, '2026-11-21').toBe('nothing-due');
    expect(await rowsOf(ada)).toEqual([]);
    expect(app.smtp.messages.filter((m) => m.to.includes('ada-none@'))).toEqual([]);
  });

  it('sends once when the sweep died after queueing, before marking its rows', async () => {
    const ada = newUser('ada-crash@example.com');
    const { entryId } = await writeEntry(ada, 'Crash', 'Mid-sweep.', '2026-11-25');
    app.clock.set(Date.parse('2026-11-25T12:00:00Z'));
    expect((await revisit(ada, { entryId, on: '2026-11-26' })).status).toBe(201);
    // The job the dead sweep queued runs; its rows were never marked queued.
    app.clock.set(Date.parse('2026-11-26T20:00:05Z'));
    const job = { userId: ada.id, kind: 'revisit' as const, localDate: '2026-11-26' };
    expect(await app.service.deliver(job)).toBe('mailed');
    expect(await rowsOf(ada)).toEqual([]);
    // The next sweep finds nothing of Ada's; the job again (a second sweep's) is a duplicate.
    await sweepAt('2026-11-26T20:00:25Z');
    expect(await app.service.deliver(job)).toBe('duplicate');
    await app.smtp.waitFor((m) => m.to.includes('ada-crash@example.com'));
    expect(app.smtp.messages.filter((m) => m.to.includes('ada-crash@'))).toHaveLength(1);
  });

  it('moves pending revisits when the zone or the daily time changes', async () => {
    const ada = newUser('ada-moves@example.com');
    const { entryId } = await writeEntry(ada, 'Trip', 'Packed.', '2026-12-01');
    app.clock.set(Date.parse('2026-12-01T12:00:00Z'));
    expect((await revisit(ada, { entryId, on: '2027-01-15' })).status).toBe(201);
    const fireAt = async () => Number((await rowsOf(ada))[0].fire_at);
    expect(await fireAt()).toBe(Date.parse('2027-01-15T20:00:00Z'));

    await app.api.call('PUT', '/api/reminders', {
      token: ada.token,
      body: { timeZone: 'America/New_York' },
    });
    expect(await fireAt()).toBe(Date.parse('2027-01-16T01:00:00Z')); // 20:00 EST
    expect(await fireAt()).toBe(instantOf('2027-01-15', '20:00', 'America/New_York').getTime());

    await app.api.call('PUT', '/api/reminders', {
      token: ada.token,
      body: { daily: { enabled: true, time: '07:15', weekdays: [1, 2, 3, 4, 5] } },
    });
    expect(await fireAt()).toBe(Date.parse('2027-01-15T12:15:00Z'));
    expect(await pending(ada, entryId)).toEqual([
      { id: expect.any(String), entryId, on: '2027-01-15' },
    ]);
  });

  it('forgets the account’s revisits when the account is deleted', async () => {
    const ada = newUser('ada-gone@example.com');
    const { entryId } = await writeEntry(ada, 'Last', 'Bye.', '2026-12-10');
    app.clock.set(Date.parse('2026-12-10T12:00:00Z'));
    expect((await revisit(ada, { entryId, on: '2026-12-24' })).status).toBe(201);
    // Revisits need no saved settings, yet the orphan sweep finds the account by them.
    expect(await app.service.userIdsAfter('', 1000)).toContain(ada.id);

    await app.service.deleteAccountData(ada.id);
    expect(await rowsOf(ada)).toEqual([]);
    expect(await app.service.userIdsAfter('', 1000)).not.toContain(ada.id);
  });
});
