import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, toastTexts } from '@dayframe/web-kit/testing';
import { aJournal, anEntry, renderJournals } from '../../../testing/journals-fixtures.tsx';

/** The entry page on Jan 31, 2026 (local time), with the reminder answers given. */
async function renderEntryOnJan31(routes: Parameters<typeof fakeApi>[0] = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 0, 31, 12, 0));
  const api = fakeApi({
    'GET /entry/j1/e1': [200, anEntry()],
    'GET /journals/j1': [200, aJournal()],
    'GET /entry/j1': [200, []],
    'GET /reminders/revisit': [200, []],
    ...routes,
  });
  renderJournals('/journals/j1/entries/e1');
  // The entry page loads its editor's chunks first: room for a busy machine.
  await screen.findByDisplayValue('Rain', {}, { timeout: 5_000 });
  return api;
}

async function openRemindMe() {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Remind me' }));
  return screen.getByRole('dialog', { name: 'Remind me about this entry' });
}

describe('remind me about this entry', () => {
  it('asks for the entry’s pending reminder by its id', async () => {
    const api = await renderEntryOnJan31();
    await waitFor(() => expect(api.callsTo('GET /reminders/revisit')).toHaveLength(1));
    expect(api.callsTo('GET /reminders/revisit')[0]!.search).toBe('?entryId=e1');
  });

  it('offers days counted from the local today: a month from Jan 31 is Feb 28', async () => {
    await renderEntryOnJan31();
    const dialog = await openRemindMe();
    expect(within(dialog).getByRole('button', { name: /In a week/ }).textContent).toBe(
      'In a weekFeb 07, 2026',
    );
    expect(within(dialog).getByRole('button', { name: /In a month/ }).textContent).toBe(
      'In a monthFeb 28, 2026',
    );
    expect(within(dialog).getByRole('button', { name: /In a year/ }).textContent).toBe(
      'In a yearJan 31, 2027',
    );
  });

  it('In a month sends Feb 28, then shows the pending line; Cancel removes it', async () => {
    const api = await renderEntryOnJan31({
      'POST /reminders/revisit': (call) => [201, { id: 'r1', ...(call.body as object) }],
      'DELETE /reminders/revisit/r1': [204],
    });
    const dialog = await openRemindMe();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: /In a month/ }));
    await screen.findByText('Reminder on Feb 28, 2026');
    expect(toastTexts()).toEqual(["We'll remind you about this entry on Feb 28, 2026"]);
    expect(api.writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/reminders/revisit', { entryId: 'e1', on: '2026-02-28' }],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel the reminder on Feb 28, 2026' }));
    await waitFor(() => expect(screen.queryByText('Reminder on Feb 28, 2026')).toBeNull());
    expect(api.writes().at(-1)).toMatchObject({ method: 'DELETE', path: '/reminders/revisit/r1' });
  });

  it('shows a pending reminder when the entry opens', async () => {
    await renderEntryOnJan31({
      'GET /reminders/revisit': [200, [{ id: 'r9', entryId: 'e1', on: '2026-12-24' }]],
    });
    await screen.findByText('Reminder on Dec 24, 2026');
  });

  it('On a date… sends the day picked, and refuses a day before today', async () => {
    const api = await renderEntryOnJan31({
      'POST /reminders/revisit': (call) => [201, { id: 'r2', ...(call.body as object) }],
    });
    const dialog = await openRemindMe();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'On a date…' }));
    const day = within(dialog).getByLabelText('Day') as HTMLInputElement;
    expect(day.min).toBe('2026-01-31');
    await user.type(day, '2026-01-30');
    await user.click(within(dialog).getByRole('button', { name: 'Remind me on this day' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Pick a day from today on');
    expect(api.writes()).toEqual([]);
    await user.clear(day);
    await user.type(day, '2026-07-04');
    await user.click(within(dialog).getByRole('button', { name: 'Remind me on this day' }));
    await screen.findByText('Reminder on Jul 04, 2026');
    expect(api.writes()[0]!.body).toEqual({ entryId: 'e1', on: '2026-07-04' });
  });

  it('a refused reminder says the server’s reason and keeps the dialog open', async () => {
    await renderEntryOnJan31({
      'POST /reminders/revisit': [400, { message: 'on must be within 10 years', code: 'x' }],
    });
    const dialog = await openRemindMe();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: /In a year/ }));
    await waitFor(() => expect(toastTexts()).toEqual(['on must be within 10 years']));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText(/Reminder on/)).toBeNull();
  });
});
