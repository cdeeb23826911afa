import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appForSuite, blockingViolations, expectToast, keyboardWalk } from '@dayframe/e2e-kit';

/** expect.poll with room for a loaded machine. */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

async function openReminders(page: Page) {
  await page.goto('/settings');
  await page.getByRole('form', { name: 'Reminders' }).waitFor();
  return page.getByRole('form', { name: 'Reminders' });
}

describe(
  'reminder settings in Chromium, through the shell and the real gateway',
  { timeout: 120_000 },
  () => {
    const app = appForSuite();

    it("a first visit saves the device's zone at once and says so; a later visit keeps it quietly", async () => {
      const { page, token } = await app.signedIn('Kiran', 'kiran@example.com', 'desktop', {
        timezoneId: 'America/New_York',
      });
      const before = await app.api.call('GET', '/api/reminders', { token });
      expect(before.body).toMatchObject({ timeZone: 'UTC', saved: false });

      const form = await openReminders(page);
      await form.getByText('Time zone set to America/New_York from this device.').waitFor();
      expect(await form.getByLabel('Time zone').inputValue()).toBe('America/New_York');
      await eventually(
        async () => (await app.api.call('GET', '/api/reminders', { token })).body,
      ).toMatchObject({ timeZone: 'America/New_York', saved: true });

      await page.reload();
      await page.getByRole('form', { name: 'Reminders' }).waitFor();
      expect(await form.getByLabel('Time zone').inputValue()).toBe('America/New_York');
      expect(await form.getByText(/from this device/).count()).toBe(0);
    });

    it('daily writing turned on at 07:15 on weekdays is saved and still there after a reload', async () => {
      const { page, token } = await app.signedIn('Dana', 'dana@example.com', 'desktop', {
        timezoneId: 'Europe/Berlin',
      });
      const form = await openReminders(page);
      await form.getByText('Time zone set to Europe/Berlin from this device.').waitFor();
      await form.getByRole('switch', { name: 'Daily writing' }).check();
      await form.getByLabel('Time', { exact: true }).fill('07:15');
      const weekdays = form.getByRole('group', { name: 'Weekdays' });
      await weekdays.getByRole('button', { name: 'Sat' }).click();
      await weekdays.getByRole('button', { name: 'Sun' }).click();
      await form.getByRole('button', { name: 'Save Reminders' }).click();
      await expectToast(page, 'Reminder settings saved');

      const stored = await app.api.call('GET', '/api/reminders', { token });
      expect(stored.body).toMatchObject({
        timeZone: 'Europe/Berlin',
        daily: { enabled: true, time: '07:15', weekdays: [1, 2, 3, 4, 5] },
        saved: true,
      });

      await page.reload();
      await page.getByRole('form', { name: 'Reminders' }).waitFor();
      expect(await form.getByRole('switch', { name: 'Daily writing' }).isChecked()).toBe(true);
      expect(await form.getByLabel('Time', { exact: true }).inputValue()).toBe('07:15');
      expect(await weekdays.getByRole('button', { name: 'Sat' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
      expect(await weekdays.getByRole('button', { name: 'Mon' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    });

    it('goals due turned on with the keyboard alone, every control showing its focus', async () => {
      const { page, token } = await app.signedIn('Kay', 'kay@example.com', 'desktop', {
        timezoneId: 'Europe/Berlin',
      });
      const form = await openReminders(page);
      await form.getByText(/from this device/).waitFor();
      const keys = keyboardWalk(page);
      await keys.tabTo(form.getByRole('switch', { name: 'Goals due' }));
      await keys.press('Space');
      await keys.tabTo(form.getByLabel('When'));
      // A closed select picks an option by its first letter.
      await keys.type('O');
      expect(await form.getByLabel('When').inputValue()).toBe('0');
      await keys.tabTo(form.getByRole('button', { name: 'Save Reminders' }));
      await keys.press('Enter');
      await expectToast(page, 'Reminder settings saved');
      const stored = await app.api.call('GET', '/api/reminders', { token });
      expect(stored.body).toMatchObject({ goalsDue: { enabled: true, daysBefore: 0 } });
      expect(keys.unseen, `focus not visible on: ${keys.unseen.join(', ')}`).toEqual([]);
    });

    it("the server's refusal is shown beside the field it names, and nothing changes", async () => {
      const { page, token } = await app.signedIn('Remy', 'remy@example.com', 'phone', {
        timezoneId: 'Asia/Tokyo',
      });
      const form = await openReminders(page);
      await form.getByText('Time zone set to Asia/Tokyo from this device.').waitFor();
      await form.getByRole('switch', { name: 'Daily writing' }).check();
      // Every weekday off while daily is on: the server's rule, not the screen's.
      const weekdays = form.getByRole('group', { name: 'Weekdays' });
      for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
        await weekdays.getByRole('button', { name: day }).click();
      await form.getByRole('button', { name: 'Save Reminders' }).click();
      const refusal = form.getByRole('alert');
      await eventually(() => refusal.innerText()).toBe(
        'daily.weekdays must name at least one weekday when daily is enabled',
      );
      expect(await weekdays.getAttribute('aria-describedby')).toBe(
        await refusal.getAttribute('id'),
      );
      expect(await blockingViolations(page)).toEqual([]);
      const stored = await app.api.call('GET', '/api/reminders', { token });
      expect(stored.body).toMatchObject({ daily: { enabled: false }, timeZone: 'Asia/Tokyo' });

      // A zone no clock knows: the screen says so at once, the server refuses it at the field.
      await weekdays.getByRole('button', { name: 'Mon' }).click();
      await form.getByLabel('Time zone').fill('Mars/Olympus');
      await form.getByText('Pick a zone from the list, such as Europe/Berlin.').waitFor();
      await form.getByRole('button', { name: 'Save Reminders' }).click();
      await eventually(() => refusal.innerText()).toBe(
        'timeZone must be an IANA time zone such as Europe/Berlin',
      );
      expect(await form.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true');
    });

    it('Send a test e-mail shows what the server answered', async () => {
      // Send a test (POST /api/reminders/test) is served once the channel's part is merged.
      const { page } = await app.signedIn('Tess', 'tess@example.com', 'desktop', {
        timezoneId: 'Europe/London',
      });
      const form = await openReminders(page);
      await form.getByText(/from this device/).waitFor();
      expect(await blockingViolations(page)).toEqual([]);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/reminders/test'));
      await form.getByRole('button', { name: 'Send a test e-mail' }).click();
      const response = await answered;
      expect(response.status()).toBe(202);
      const { message } = (await response.json()) as { message: string };
      expect(message).toBeTruthy();
      await expectToast(page, message);
    });
  },
);
