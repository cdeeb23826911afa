import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderKind } from '@dayframe/contracts';
import { scheduleOf } from './data/schedule-repo.ts';
import { findDelivery } from './data/deliveries-repo.ts';
import { startRemindersTestApp, type JobsKind } from './_test-app.ts';

// Issue 27: every kind fires at the right instant in three zones, on the days their clocks
// change both ways. 02:30 is skipped on a spring-forward day (it fires when the gap ends, 03:00)
// and shown twice on a fall-back day (it fires at the first showing); New York falls back at
// 02:00, so its repeated time is 01:30. The transitions of 2026 are all Sundays, so the weekly
// digest is set to Sunday (7).
const DAYS = [
  { zone: 'Europe/Berlin', day: '2026-03-29', time: '02:30', at: '2026-03-29T01:00:00Z' },
  { zone: 'Europe/Berlin', day: '2026-10-25', time: '02:30', at: '2026-10-25T00:30:00Z' },
  { zone: 'America/New_York', day: '2026-03-08', time: '02:30', at: '2026-03-08T07:00:00Z' },
  { zone: 'America/New_York', day: '2026-11-01', time: '01:30', at: '2026-11-01T05:30:00Z' },
  { zone: 'Australia/Sydney', day: '2026-10-04', time: '02:30', at: '2026-10-03T16:00:00Z' },
  { zone: 'Australia/Sydney', day: '2026-04-05', time: '02:30', at: '2026-04-04T15:30:00Z' },
];
const SCHEDULED: ReminderKind[] = ['daily', 'goalsDue', 'weekly'];
const SETUPS: [string, 'sqlite' | 'mariadb', JobsKind][] = [
  ['SQLite, in-process jobs', 'sqlite', 'in-process'],
  ['MariaDB, BullMQ', 'mariadb', 'bullmq'],
];

describe.each(SETUPS)('the instant each kind fires, on %s', (_name, kind, jobsKind) => {
  let app: Awaited<ReturnType<typeof startRemindersTestApp>>;
  beforeAll(async () => {
    app = await startRemindersTestApp(kind, jobsKind);
  }, 60_000);
  afterAll(() => app?.close());

  it.each(DAYS)(
    '$zone on $day at $time fires at $at, every kind',
    async ({ zone, day, time, at }) => {
      const person = app.sessions.newUser();
      app.setAddress(person.id, `${person.id}@example.com`);
      const instant = Date.parse(at);
      // Set up the day before, at noon UTC: before the firing in every zone here.
      app.clock.set(Date.parse(`${day}T12:00:00Z`) - 86_400_000);
      const saved = await app.api.call('PUT', '/api/reminders', {
        token: person.token,
        body: {
          timeZone: zone,
          daily: { enabled: true, time, weekdays: [1, 2, 3, 4, 5, 6, 7] },
          goalsDue: { enabled: true, daysBefore: 1 },
          weekly: { enabled: true, weekday: 7, time },
        },
      });
      expect(saved.status, saved.text).toBe(200);
      const journal = await app.journals.api.call('POST', '/api/journals', {
        token: person.token,
        body: { title: 'Days' },
      });
      const entry = await app.journals.api.call('POST', `/api/entry/${journal.body._id}`, {
        token: person.token,
        body: { title: 'To see again', content: 'Worth a second look.', date: '2026-01-01' },
      });
      expect(entry.status, entry.text).toBe(201);
      const revisit = await app.api.call('POST', '/api/reminders/revisit', {
        token: person.token,
        body: { entryId: entry.body._id, on: day },
      });
      expect(revisit.status, revisit.text).toBe(201);

      const firings = await scheduleOf(app.db, person.id);
      expect(firings.map((row) => [row.kind, row.nextFireAt]).sort()).toEqual(
        SCHEDULED.map((k) => [k, instant]),
      );
      const [revisitRow] = await app.db('reminder_revisits').where({ user_id: person.id });
      expect(Number(revisitRow.fire_at)).toBe(instant);

      // A second before: nothing is due, nothing moves.
      app.clock.set(instant - 1_000);
      await app.service.sweepDue();
      await app.service.sweepRevisits();
      expect(await scheduleOf(app.db, person.id)).toEqual(firings);

      // At the instant: every kind is worked once for that local day, and moves on to a later one.
      app.clock.set(instant + 5_000);
      await app.service.sweepDue();
      await app.service.sweepRevisits();
      for (const k of [...SCHEDULED, 'revisit' as const])
        await expect
          .poll(
            async () =>
              (await findDelivery(app.db, { userId: person.id, kind: k, localDate: day }))?.outcome,
            { timeout: 15_000 },
          )
          .toBeTruthy();
      for (const row of await scheduleOf(app.db, person.id))
        expect(row.nextFireAt, row.kind).toBeGreaterThan(instant + 5_000);
    },
  );
});
