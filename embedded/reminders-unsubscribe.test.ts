import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_UNSUBSCRIBE_PATH } from '@dayframe/contracts';
import { unsubscribeToken } from '@dayframe/reminders';
import { startEmbeddedApp } from './_harness.ts';

const SECRET = 'embedded-test-reminders-unsubscribe-secret-0123456789';

// A reminder mail's one-click unsubscribe (RFC 8058) through the embedded gateway (`npm start`):
// the mail client's POST carries no session and no cookie, only the link's signed token, and the
// gateway's headers let the browser show the page and send its form.
describe('the unsubscribe link through the embedded gateway', () => {
  let gw: Awaited<ReturnType<typeof startEmbeddedApp>>;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    gw = await startEmbeddedApp({ REMINDERS_UNSUBSCRIBE_SECRET: SECRET });
    const ada = await gw.verifiedUser('Ada', 'ada-unsubscribe@example.com');
    token = ada.token;
    userId = ada.user._id;
    const saved = await gw.api.call('PUT', '/api/reminders', {
      token,
      body: { daily: { enabled: true, time: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] } },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => gw?.stop());

  const link = (t: string) =>
    new URL(`${REMINDER_UNSUBSCRIBE_PATH}?t=${encodeURIComponent(t)}`, gw.url);
  const dailyOn = async () =>
    (await gw.api.call('GET', '/api/reminders', { token })).body.daily.enabled as boolean;

  it('shows the page on a GET, with a CSP that lets its form post back, and changes nothing', async () => {
    const page = await fetch(link(unsubscribeToken(Buffer.from(SECRET), userId, 'daily')));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(await page.text()).toContain('Turn off daily writing reminders');
    expect(await dailyOn()).toBe(true);
  });

  it('refuses a token signed with another key, and keeps the reminder on', async () => {
    const forged = unsubscribeToken(Buffer.from('x'.repeat(40)), userId, 'daily');
    const answer = await fetch(link(forged), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(400);
    expect(await dailyOn()).toBe(true);
  });

  it("turns the daily reminder off with the mail client's one-click POST, no session", async () => {
    // As RFC 8058's own example sends it: multipart/form-data, no cookie, no Authorization.
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const answer = await fetch(link(unsubscribeToken(Buffer.from(SECRET), userId, 'daily')), {
      method: 'POST',
      body: form,
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(
      'Daily writing reminders are off. You can turn them on again in Settings → Reminders.',
    );
    expect(await dailyOn()).toBe(false);
  });
});
