import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, currentPath, toastTexts } from '@dayframe/web-kit/testing';
import { aJournal, anEntry, renderJournals } from '../../../testing/journals-fixtures.tsx';

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

async function renderEntry(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /entry/j1/e1': [200, anEntry()],
    'GET /journals/j1': [200, aJournal()],
    'GET /entry/j1': [200, []],
    'GET /reminders/revisit': [200, []],
    ...routes,
  });
  renderJournals('/journals/j1/entries/e1');
  await screen.findByDisplayValue('Rain');
  return api;
}

describe('an entry', () => {
  it('shows its date, title and content, and Back to Journal goes to the journal', async () => {
    await renderEntry();
    expect(screen.getByText('Nov 05, 2026')).toBeTruthy();
    expect(field('Content').value).toBe('It rained all day.');
    await userEvent.setup().click(screen.getByRole('link', { name: /Back to Journal/ }));
    expect(currentPath()).toBe('/journals/j1');
  });

  it.each(['Title', 'Content'])('needs every field (%s emptied)', async (label) => {
    const api = await renderEntry();
    const user = userEvent.setup();
    await user.clear(field(label));
    await user.type(field(label), ' ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastTexts()).toEqual(['All fields are required']);
    expect(api.writes()).toEqual([]);
  });

  it('needs a change', async () => {
    const api = await renderEntry();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(toastTexts()).toEqual(['No changes have been made']);
    expect(api.writes()).toEqual([]);
  });

  it('saves title and content and says Entry updated!; saving again unchanged is refused', async () => {
    const api = await renderEntry({
      'PUT /entry/j1/e1': (call) => [200, anEntry(call.body as object)],
    });
    const user = userEvent.setup();
    await user.type(field('Content'), ' Then sun.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Entry updated!']));
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/entry/j1/e1',
        body: { title: 'Rain', content: 'It rained all day. Then sun.', tags: [], mood: null },
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastTexts()).toContain('No changes have been made');
    expect(api.writes()).toHaveLength(1);
  });

  it('says the entry could not be updated', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderEntry({ 'PUT /entry/j1/e1': [500, { message: 'boom' }] });
    const user = userEvent.setup();
    await user.type(field('Title'), ' and wind');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Could not update entry']));
    expect(field('Title').value).toBe('Rain and wind');
  });

  it('asks before deleting; Cancel keeps the entry', async () => {
    const api = await renderEntry();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this entry?' });
    expect(dialog.textContent).toContain('This is irreversible and permanent');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.writes()).toEqual([]);
  });

  it('deletes once confirmed and goes to the journal', async () => {
    const api = await renderEntry({ 'DELETE /entry/j1/e1': [200, { message: 'Entry deleted' }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(dialog.querySelector('.btn-error') as HTMLElement);
    await waitFor(() => expect(currentPath()).toBe('/journals/j1'));
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/entry/j1/e1' }),
    ]);
  });

  it('says the entry could not be deleted and stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderEntry({ 'DELETE /entry/j1/e1': [500, { message: 'boom' }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('alertdialog').querySelector('.btn-error') as HTMLElement);
    await waitFor(() => expect(toastTexts()).toEqual(['Could not delete entry']));
    expect(currentPath()).toBe('/journals/j1/entries/e1');
  });

  it.each([
    [500, 'Could not load entry'],
    [404, 'Entry not found'],
  ])('says the entry could not be loaded (%i)', async (status, heading) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /entry/j1/e1': [status, { message: 'x' }] });
    renderJournals('/journals/j1/entries/e1');
    await waitFor(() => expect(toastTexts()).toEqual(['Could not load entry']));
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Journal/ }).getAttribute('href')).toBe(
      '/journals/j1',
    );
  });
});
