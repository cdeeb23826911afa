import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, mediaMarkdown, promptOfTheDay } from '@dayframe/contracts';
import { appForSuite, blockingViolations, todayIn, uploadPhoto } from '@dayframe/e2e-kit';

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

  it("shows a journal's photos by month, newest first, opening their entries; pages them; and puts an entry's first photo on On this day", async () => {
    const zone = 'UTC';
    const today = todayIn(zone);
    const { page, token } = await app.signedIn('Pat', 'pat@example.com', 'desktop', {
      timezoneId: zone,
    });
    await page.goto('/journals');
    const call = async (path: string, body: unknown) => {
      const answer = await app.api.call('POST', path, { token, body });
      expect(answer.status, answer.text).toBe(201);
      return answer.body;
    };
    const [sea, hills, town] = [
      await uploadPhoto(page, token, 200),
      await uploadPhoto(page, token, 20, { width: 600, height: 800 }),
      await uploadPhoto(page, token, 120),
    ];
    // Four years back is a leap year whenever today is 29 February.
    const back = `${Number(today.slice(0, 4)) - 4}${today.slice(4)}`;
    const earlier = daysFrom(back, -62);
    const trips = await call('/api/journals', { title: 'Trips' });
    const beach = await call(`/api/entry/${trips._id}`, {
      title: 'Beach day',
      content: `${mediaMarkdown(sea, 'The sea')}\n\nSalt and sun. [the ticket](media:${town})`,
      date: back,
    });
    await call(`/api/entry/${trips._id}`, {
      title: 'Walk up the hill',
      content: `${mediaMarkdown(hills)} ${mediaMarkdown(town)}`,
      date: earlier,
    });
    // On this day too, but its picture is a file that no longer exists: no picture.
    await call(`/api/entry/${trips._id}`, {
      title: 'Lost photo',
      content: mediaMarkdown('00000000-0000-4000-8000-000000000000'),
      date: back,
    });

    await page.goto(`/journals/${trips._id}`);
    await page.getByRole('link', { name: 'Photos' }).click();
    await page.waitForURL(`**/journals/${trips._id}/media`);
    const grid = page.locator('main');
    await eventually(() => grid.getByRole('img').count()).toBe(3);
    const month = (date: string) =>
      new Date(`${date}T00:00:00Z`).toLocaleString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    expect(await grid.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      month(back),
      month(earlier),
    ]);
    const images = await grid.getByRole('img').evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        alt: img.alt,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.loading,
      })),
    );
    expect(images.map((img) => img.alt)).toEqual([
      expect.stringMatching(/^Photo from “Beach day”, \w{3} \d\d, \d{4}$/),
      expect.stringMatching(/Walk up the hill/),
      expect.stringMatching(/Walk up the hill/),
    ]);
    expect(images.map((img) => [img.width, img.height, img.loading])).toEqual([
      ['800', '600', 'lazy'],
      ['600', '800', 'lazy'],
      ['800', '600', 'lazy'],
    ]);
    // The pictures really arrive (signed links the browser opens without a token).
    await eventually(() =>
      grid
        .getByRole('img')
        .evaluateAll((imgs) => (imgs as HTMLImageElement[]).every((img) => img.naturalWidth > 0)),
    ).toBe(true);
    expect(await blockingViolations(page)).toEqual([]);
    await grid.getByRole('link', { name: /Beach day/ }).click();
    await page.waitForURL(`**/journals/${trips._id}/entries/${beach._id}`);

    // A journal without photos says so and how to add one.
    const empty = await call('/api/journals', { title: 'Words only' });
    await page.goto(`/journals/${empty._id}/media`);
    await eventually(() => page.getByText('No photos in this journal yet').count()).toBe(1);
    expect(await blockingViolations(page)).toEqual([]);

    // Pages of 48: the rest behind Load more.
    const many = await call('/api/journals', { title: 'Many' });
    for (let day = 0; day < 50; day++)
      await call(`/api/entry/${many._id}`, {
        title: `Day ${day}`,
        content: mediaMarkdown(sea),
        date: daysFrom(earlier, -day),
      });
    await page.goto(`/journals/${many._id}/media`);
    await eventually(() => page.locator('main').getByRole('img').count()).toBe(48);
    // The next page loads by itself as the list's end scrolls into view. (Clicking Load more
    // raced with that: scrolling to the button started the load, the button went busy and then
    // away with the last page, and the click waited for it to the test's end.)
    await page.getByTestId('load-more').scrollIntoViewIfNeeded();
    await eventually(() => page.locator('main').getByRole('img').count()).toBe(50);
    expect(await page.getByRole('button', { name: 'Load more photos' }).count()).toBe(0);

    // On this day: the beach entry's first photo beside it; the lost one has none.
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'On this day' });
    const beachLink = card.getByRole('link', { name: /Beach day/ });
    await eventually(() => beachLink.locator('img').count()).toBe(1);
    expect(await beachLink.locator('img').getAttribute('src')).toMatch(
      new RegExp(`^/api/media/${sea}/file\\?`),
    );
    expect(
      await card
        .getByRole('link', { name: /Lost photo/ })
        .locator('img')
        .count(),
    ).toBe(0);
  }, 90_000);
});
