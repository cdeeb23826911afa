import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@dayframe/service-kit/http';
import { startEmbeddedApp } from './_harness.ts';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

// Embedded topology (one process, SQLite, in-process jobs, mail to DATA_DIR/outbox): reminders
// asks goals and journals mounted beside it by a function call, not over HTTP (issue 27). The
// clock is the app's; the due sweep runs on its own 20 s timer.
describe('goals due and the weekly digest, embedded', () => {
  // Noon today (UTC), not now: the goals-due reminder fires at the daily time (09:00), so from a
  // clock before 09:00 its next firing would be today's, for goals due tomorrow, and the goal
  // due the day after would wait a day more (the test failed every night before 09:00 UTC).
  const clock = manualClock(Date.parse(`${dayOf(Date.now())}T12:00:00Z`));
  let gw: Awaited<ReturnType<typeof startEmbeddedApp>>;
  beforeAll(async () => {
    gw = await startEmbeddedApp({}, { clock });
  });
  afterAll(() => gw?.stop());

  const mailsTo = (email: string): { subject: string; text: string }[] => {
    const dir = join(gw.dataDir, 'outbox');
    let files: string[];
    try {
      files = readdirSync(dir).sort();
    } catch {
      return [];
    }
    return files.flatMap((file) => {
      try {
        const mail = JSON.parse(readFileSync(join(dir, file), 'utf8'));
        return mail.to === email ? [mail] : [];
      } catch {
        return []; // still being written: read again on the next poll
      }
    });
  };

  it('mails both, from goals and journals mounted in the same process', async () => {
    const ada = await gw.verifiedUser('Ada', 'ada-embedded@example.com');
    const today = dayOf(clock.now());
    const tomorrow = dayOf(clock.now() + DAY_MS);
    const dueDay = dayOf(clock.now() + 2 * DAY_MS);
    const journal = await gw.api.call('POST', '/api/journals', {
      token: ada.token,
      body: { title: 'Days' },
    });
    const entry = await gw.api.call('POST', `/api/entry/${journal.body._id}`, {
      token: ada.token,
      body: { content: 'Today.', date: today },
    });
    expect(entry.status, entry.text).toBe(201);
    const goal = await gw.api.call('POST', '/api/goals', {
      token: ada.token,
      body: {
        title: 'Mend the gate',
        description: 'Before the frost',
        dateDue: dueDay,
        dateSet: today,
      },
    });
    expect(goal.status, goal.text).toBe(201);
    const saved = await gw.api.call('PUT', '/api/reminders', {
      token: ada.token,
      body: {
        timeZone: 'UTC',
        goalsDue: { enabled: true, daysBefore: 1 },
        daily: { enabled: false, time: '09:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
        weekly: { enabled: true, weekday: isoWeekday(tomorrow), time: '09:00' },
      },
    });
    expect(saved.status, saved.text).toBe(200);

    clock.set(Date.parse(`${tomorrow}T09:00:05Z`));
    await expect
      .poll(
        () =>
          mailsTo('ada-embedded@example.com')
            .map((m) => m.subject)
            .filter((subject) => !subject.includes('verification code'))
            .sort(),
        {
          timeout: 40_000,
          interval: 250,
        },
      )
      .toEqual(['Dayframe: 1 goal due tomorrow', 'Your week in Dayframe']);
    const [due, week] = ['Dayframe:', 'Your week'].map((start) =>
      mailsTo('ada-embedded@example.com').find((m) => m.subject.startsWith(start))!,
    );
    expect(due!.text).toContain('  - Mend the gate\n');
    expect(week!.text).toContain('  Entries written: 1\n');
    expect(week!.text).toContain('  Writing streak: 1 day\n');
    expect(week!.text).toContain(`  - Mend the gate (due ${dueDay})\n`);
  }, 60_000);
});
