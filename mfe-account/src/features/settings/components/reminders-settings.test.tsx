import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { fakeApi, renderAt, toastTexts, verifiedUser } from '@dayframe/web-kit/testing';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettingsAnswer } from '@dayframe/contracts';
import { RemindersSettings } from './reminders-settings.tsx';

const saved: ReminderSettingsAnswer = {
  ...DEFAULT_REMINDER_SETTINGS,
  timeZone: 'Europe/Berlin',
  saved: true,
};

function renderReminders(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  session.signIn('session-token', verifiedUser);
  renderAt('/settings', { '/settings': <RemindersSettings /> });
  return api;
}

const form = () => screen.findByRole('form', { name: 'Reminders' });

describe('reminders settings', () => {
  it('on a first visit saves the browser zone at once and says so quietly', async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const api = renderReminders({
      'GET /reminders': [200, { ...DEFAULT_REMINDER_SETTINGS, saved: false }],
      'PUT /reminders': (call) => [
        200,
        { ...DEFAULT_REMINDER_SETTINGS, ...(call.body as object), saved: true },
      ],
    });
    await form();
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toBe(zone);
    await screen.findByText(`Time zone set to ${zone} from this device.`);
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/reminders', body: { timeZone: zone } }),
    ]);
    expect(toastTexts()).toEqual([]);
  });

  it('a saved account keeps its zone and nothing is sent until Save', async () => {
    const api = renderReminders({ 'GET /reminders': [200, saved] });
    await form();
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toBe('Europe/Berlin');
    expect(screen.getByText(/^It's \d\d:\d\d there now\.$/)).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('sends every section on Save: daily on at 07:30 on weekdays, goals on the day, the digest', async () => {
    const api = renderReminders({
      'GET /reminders': [200, saved],
      'PUT /reminders': (call) => [200, { ...(call.body as object), saved: true }],
    });
    await form();
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Daily writing' }));
    const time = screen.getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '07:30');
    const weekdays = screen.getByRole('group', { name: 'Weekdays' });
    await user.click(within(weekdays).getByRole('button', { name: 'Sat' }));
    await user.click(within(weekdays).getByRole('button', { name: 'Sun' }));
    await user.click(screen.getByRole('switch', { name: 'Goals due' }));
    await user.selectOptions(screen.getByLabelText('When'), 'On the day');
    await user.click(screen.getByRole('switch', { name: 'Weekly digest' }));
    await user.selectOptions(screen.getByLabelText('Day'), 'Friday');
    await user.click(screen.getByRole('switch', { name: 'E-mail' }));
    await user.click(screen.getByRole('button', { name: 'Save Reminders' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Reminder settings saved']));
    expect(api.writes().map((c) => c.body)).toEqual([
      {
        timeZone: 'Europe/Berlin',
        daily: { enabled: true, time: '07:30', weekdays: [1, 2, 3, 4, 5] },
        goalsDue: { enabled: true, daysBefore: 0 },
        weekly: { enabled: true, weekday: 5, time: '18:00' },
        channels: { email: false, push: false },
      },
    ]);
    expect(within(weekdays).getByRole('button', { name: 'Mon' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a refusal under the field it names, not in a toast, until that is changed', async () => {
    const message = 'daily.weekdays must name at least one weekday when daily is enabled';
    renderReminders({
      'GET /reminders': [200, { ...saved, daily: { enabled: true, time: '20:00', weekdays: [3] } }],
      'PUT /reminders': [400, { message, code: 'validation_failed' }],
    });
    await form();
    const user = userEvent.setup();
    const weekdays = screen.getByRole('group', { name: 'Weekdays' });
    await user.click(within(weekdays).getByRole('button', { name: 'Wed' }));
    await user.click(screen.getByRole('button', { name: 'Save Reminders' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(weekdays.getAttribute('aria-describedby')).toBe(alert.id);
    expect(toastTexts()).toEqual([]);
    await user.click(within(weekdays).getByRole('button', { name: 'Thu' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a refusal of the zone is shown at the zone', async () => {
    const message = 'timeZone must be an IANA time zone such as Europe/Berlin';
    renderReminders({
      'GET /reminders': [200, saved],
      'PUT /reminders': [400, { message, code: 'validation_failed' }],
    });
    await form();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Time zone'));
    await user.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    expect(screen.getByText('Pick a zone from the list, such as Europe/Berlin.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Reminders' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByLabelText('Time zone').getAttribute('aria-invalid')).toBe('true');
  });

  it('Send a test e-mail says where it went, or why not', async () => {
    const api = renderReminders({
      'GET /reminders': [200, saved],
      'POST /reminders/test': [
        202,
        { message: 'A test reminder is on its way to ada@example.com' },
      ],
    });
    await form();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual(['A test reminder is on its way to ada@example.com']),
    );
    expect(api.writes().map((c) => [c.path, c.body])).toEqual([
      ['/reminders/test', { channel: 'email' }],
    ]);
  });

  it('a refused test (409) shows the server’s reason', async () => {
    renderReminders({
      'GET /reminders': [200, saved],
      'POST /reminders/test': [409, { message: 'Turn on notifications on a device first.' }],
    });
    await form();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a test notification' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Turn on notifications on a device first.']));
  });

  it('explains that this browser cannot show notifications when it lacks Web Push', async () => {
    renderReminders({ 'GET /reminders': [200, saved] });
    await form();
    expect(screen.getByText(/This browser can't show notifications from websites/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
  });

  it('says when loading fails, and Try again loads again', async () => {
    let fail = true;
    const api = renderReminders({
      'GET /reminders': () => (fail ? [500, { message: 'x' }] : [200, saved]),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await screen.findByText("Couldn't load your reminder settings.");
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /Try again/ }));
    await form();
    expect(api.callsTo('GET /reminders')).toHaveLength(2);
  });
});
