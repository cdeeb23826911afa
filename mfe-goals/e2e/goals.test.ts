import { describe, expect, it } from 'vitest';
import { appForSuite, expectToast, todayIn } from '@dayframe/e2e-kit';

describe('/goals in Chromium, through the shell and the real gateway', () => {
  const app = appForSuite();

  it('creates, completes and deletes goals, reloading both lists each time', async () => {
    const { page, token } = await app.signedIn('Gail', 'gail@example.com', 'desktop', {
      timezoneId: 'Europe/Berlin',
    });
    await page.goto('/goals');
    await expect.poll(() => page.getByText('No goals yet. Start by creating one!').count()).toBe(1);

    await page.getByRole('button', { name: 'New Goal' }).click();
    await page.getByRole('button', { name: 'Add Goal' }).click();
    await expectToast(page, 'Please fill out all fields');

    await page.getByLabel('Title').fill('Run a half marathon');
    await page.getByLabel('Description').fill('Under two hours.');
    await page.getByLabel('Due date').fill('2031-05-04');
    await page.getByRole('button', { name: 'Add Goal' }).click();
    await expectToast(page, 'Successfully created goal');
    await expect.poll(() => page.getByText('Run a half marathon').count()).toBe(1);
    expect(await page.getByText('Due May 04, 2031').count()).toBe(1);
    expect(await page.getByRole('form', { name: 'New Goal' }).isVisible()).toBe(false);

    const due = await app.api.call('GET', '/api/goals/due', { token });
    expect(due.body).toHaveLength(1);
    expect(due.body[0]).toMatchObject({ dateDue: '2031-05-04', dateSet: todayIn('Europe/Berlin') });

    await page.getByRole('button', { name: 'Complete "Run a half marathon"' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Complete goal?' });
    await ask.getByRole('button', { name: 'Yes' }).click();
    await expectToast(page, 'Successfully completed goal');
    await expect.poll(() => page.getByText('No goals yet. Start by creating one!').count()).toBe(1);
    const pastToggle = page.getByRole('button', { name: /Past Goals/ });
    await expect.poll(() => pastToggle.innerText()).toContain('1');
    await pastToggle.click();
    const title = page.getByRole('heading', { name: 'Run a half marathon' });
    expect(await title.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe(
      'line-through',
    );
    expect(await page.getByText(`Completed: `, { exact: false }).first().innerText()).toMatch(
      /^Completed: [A-Z][a-z]{2} \d{2}, \d{4}$/,
    );
    expect(await page.getByText('Due: May 04, 2031').count()).toBe(1);

    await page.getByRole('button', { name: 'Delete "Run a half marathon"' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete goal?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expectToast(page, 'Successfully deleted goal');
    await expect
      .poll(() => page.getByText('No goals here. How about you complete one!').count())
      .toBe(1);
    expect((await app.api.call('GET', '/api/goals/completed', { token })).body).toEqual([]);
  });

  for (const timeZone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
    it(`uses the local date in ${timeZone} for the due date, the set date and the completion`, async () => {
      const email = `tz-${timeZone.replace(/\W/g, '').toLowerCase()}@example.com`;
      const { page, token } = await app.signedIn('Zoe', email, 'phone', { timezoneId: timeZone });
      await page.goto('/goals');
      await page.getByRole('button', { name: 'New Goal' }).click();
      const expected = todayIn(timeZone);
      expect(await page.getByLabel('Due date').inputValue()).toBe(expected);
      await page.getByLabel('Title').fill('Stretch');
      await page.getByLabel('Description').fill('Ten minutes.');
      await page.getByRole('button', { name: 'Add Goal' }).click();
      await expectToast(page, 'Successfully created goal');
      await page.getByRole('button', { name: 'Complete "Stretch"' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await expectToast(page, 'Successfully completed goal');
      const completed = await app.api.call('GET', '/api/goals/completed', { token });
      expect(completed.body).toHaveLength(1);
      expect(completed.body[0]).toMatchObject({
        dateSet: todayIn(timeZone),
        dateDue: todayIn(timeZone),
        dateComplete: todayIn(timeZone),
      });
    });
  }
});
