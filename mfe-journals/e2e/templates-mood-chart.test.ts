import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, promptOfTheDay } from '@dayframe/contracts';
import { appForSuite, todayIn } from '@dayframe/e2e-kit';

/** expect.poll with room for a loaded machine (see journals.test.ts). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

/** `date` moved by `days`, as YYYY-MM-DD. */
function daysFrom(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

describe('templates, the prompt of the day and the mood chart in Chromium', () => {
  const app = appForSuite();

  it('starts a journal from a built-in template, fills New Entry with it, uses and shuffles the prompt, and charts moods with gaps, a table and a 30/90/365 switch', async () => {
    const zone = 'UTC';
    const today = todayIn(zone);
    const { page, token } = await app.signedIn('Mo', 'mo@example.com', 'desktop', {
      timezoneId: zone,
    });
    const travel = BUILT_IN_TEMPLATES.find((t) => t.name === 'Travel day')!.content;

    // A journal whose default template is a built-in one.
    await page.goto('/journals/create');
    await page.getByLabel('Title').fill('Trips');
    await page.getByLabel('Start from a built-in template').selectOption({ label: 'Travel day' });
    await page.getByRole('button', { name: 'Use template' }).click();
    const template = page.getByLabel(/Default template/);
    expect(await template.inputValue()).toBe(travel);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: /Trips/ }).first().click();

    // New Entry starts as the template; the prompt is today's, Shuffle moves on, Use quotes it.
    await page.getByRole('button', { name: 'New Entry' }).click();
    const form = page.getByRole('form', { name: 'New Entry' });
    const content = form.getByLabel('Content');
    await eventually(() => content.inputValue()).toBe(travel);
    const prompt = form.locator('[data-prompt]');
    expect(await prompt.innerText()).toBe(promptOfTheDay(today));
    await form.getByRole('button', { name: 'Shuffle: show another prompt' }).click();
    await eventually(() => prompt.innerText()).toBe(promptOfTheDay(today, 1));
    expect(promptOfTheDay(today, 1)).not.toBe(promptOfTheDay(today));
    await form.getByRole('button', { name: 'Use prompt' }).click();
    expect(await content.inputValue()).toBe(`> ${promptOfTheDay(today, 1)}\n\n${travel}`);

    // Moods: two journals so one day averages two entries. Today and the two days before are
    // one run, five days ago stands alone, forty days ago is only inside 90 days.
    const call = async (path: string, body: unknown) => {
      const answer = await app.api.call('POST', path, { token, body });
      expect(answer.status).toBe(201);
      return answer.body;
    };
    const a = await call('/api/journals', { title: 'Home' });
    const b = await call('/api/journals', { title: 'Work' });
    const write = (journal: { _id: string }, back: number, mood: number) =>
      call(`/api/entry/${journal._id}`, {
        title: `Day ${back}`,
        content: 'Noted.',
        date: daysFrom(today, -back),
        mood,
      });
    await write(a, 0, 4);
    await write(b, 0, 5);
    await write(a, 1, 3);
    await write(a, 2, 2);
    await write(a, 5, 1);
    await write(a, 40, 5);

    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Mood', exact: true });
    const chart = card.getByRole('img', { name: 'Average mood 3.0 over 4 days' });
    await eventually(() => chart.count()).toBe(1);
    const segments = () =>
      card
        .locator('path[data-segment]')
        .evaluateAll((paths) =>
          paths.map((p) => `${p.getAttribute('data-segment')} ${p.getAttribute('data-days')}`),
        );
    expect(await segments()).toEqual([
      `point ${daysFrom(today, -5)}`,
      `line ${daysFrom(today, -2)} ${daysFrom(today, -1)} ${today}`,
    ]);
    await card.getByText('Show as table').click();
    expect(
      await card.getByRole('table', { name: 'Average mood per day, last 30 days' }).count(),
    ).toBe(1);
    const rows = () =>
      card
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.children].map((td) => td.textContent).join(' | ')),
        );
    expect(await rows()).toHaveLength(4);
    expect((await rows())[0]).toMatch(/ \| Great \(4\.5\) \| 2$/);

    // The switch is a group of toggle buttons, reachable and pressed with the keyboard.
    const group = card.getByRole('group', { name: 'Days shown' });
    await group.getByRole('button', { name: '30 days' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await eventually(() =>
      group.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await eventually(() =>
      card.getByRole('table', { name: 'Average mood per day, last 90 days' }).count(),
    ).toBe(1);
    await eventually(async () => (await rows()).length).toBe(5);
    expect(await segments()).toHaveLength(3);
    await group.getByRole('button', { name: '365 days' }).click();
    await eventually(() =>
      card.getByRole('img', { name: 'Average mood 3.3 over 5 days' }).count(),
    ).toBe(1);
  });
});
