import { describe, expect, it } from 'vitest';
import { appForSuite, blockingViolations, expectToast, todayIn } from '@dayframe/e2e-kit';

/** expect.poll with room for a loaded machine (see journals.test.ts). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

/** `date` plus `days`, on the calendar's own numbers. */
function daysAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** "Dec 03, 2026", as the screens write a day. */
function shown(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
}

// Needs the revisit routes (POST/GET/DELETE /api/reminders/revisit) of the merged server.
describe('remind me about an entry in Chromium', { timeout: 120_000 }, () => {
  const app = appForSuite();

  it('In a week shows the pending day under the entry, kept across a reload; Cancel removes it', async () => {
    const zone = 'Pacific/Auckland';
    const { page, token } = await app.signedIn('Ada', 'ada@example.com', 'desktop', {
      timezoneId: zone,
    });
    const today = todayIn(zone);
    const journal = await app.api.call('POST', '/api/journals', {
      token,
      body: { title: 'Morning pages' },
    });
    const entry = await app.api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 'A quiet start', content: 'Wrote three pages.', date: today },
    });
    expect(entry.body._id).toBeTruthy();
    const entryId: string = entry.body._id;
    const inAWeek = daysAfter(today, 7);

    await page.goto(`/journals/${journal.body._id}/entries/${entryId}`);
    await page.getByRole('button', { name: 'Remind me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remind me about this entry' });
    await dialog.waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: /In a week/ }).click();
    await expectToast(page, `We'll remind you about this entry on ${shown(inAWeek)}`);
    const line = page.getByText(`Reminder on ${shown(inAWeek)}`);
    await eventually(() => line.count()).toBe(1);

    const stored = await app.api.call('GET', `/api/reminders/revisit?entryId=${entryId}`, {
      token,
    });
    expect(stored.body).toEqual([expect.objectContaining({ entryId, on: inAWeek })]);

    await page.reload();
    await eventually(() => line.count()).toBe(1);
    await page.getByRole('button', { name: `Cancel the reminder on ${shown(inAWeek)}` }).click();
    await expectToast(page, 'Reminder cancelled');
    await eventually(() => line.count()).toBe(0);
    const after = await app.api.call('GET', `/api/reminders/revisit?entryId=${entryId}`, {
      token,
    });
    expect(after.body).toEqual([]);
  });
});
