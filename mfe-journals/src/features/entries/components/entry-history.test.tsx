import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, toastTexts } from '@dayframe/web-kit/testing';
import type { EntryVersion, EntryVersionSummary } from '@dayframe/contracts';
import { aJournal, anEntry, renderJournals } from '../../../testing/journals-fixtures.tsx';
import { sizeChangeText } from './history-panel.tsx';

const older: EntryVersionSummary = {
  _id: 'v1',
  savedAt: '2026-11-05T09:00:00.000Z',
  title: 'Rain',
  size: 8,
  sizeChange: 8,
};
const newer: EntryVersionSummary = {
  _id: 'v2',
  savedAt: '2026-11-05T10:00:00.000Z',
  title: 'Rain',
  size: 16,
  sizeChange: 8,
};
const olderText: EntryVersion = {
  _id: 'v1',
  savedAt: older.savedAt,
  title: 'Drizzle',
  content: 'Morning.\nIt drizzled.',
};

async function openHistory(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    'GET /entry/j1/e1': [200, anEntry({ content: 'Morning.\nIt rained all day.' })],
    'GET /journals/j1': [200, aJournal()],
    ...routes,
  });
  renderJournals('/journals/j1/entries/e1');
  await screen.findByDisplayValue('Rain');
  const user = userEvent.setup();
  const toggle = screen.getByRole('button', { name: 'Show history' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await user.click(toggle);
  expect(screen.getByRole('button', { name: 'Hide history' }).getAttribute('aria-expanded')).toBe(
    'true',
  );
  return { api, user };
}

describe("an entry's History", () => {
  it('says so when there are no earlier versions', async () => {
    await openHistory({ 'GET /entry/j1/e1/versions': [200, []] });
    expect(await screen.findByText('No earlier versions yet')).toBeTruthy();
  });

  it('lists versions with their size change and shows what changed since one, signed', async () => {
    await openHistory({
      'GET /entry/j1/e1/versions': [200, [newer, { ...older, sizeChange: -3 }]],
      'GET /entry/j1/e1/versions/v1': [200, olderText],
    });
    const list = await screen.findByRole('list', { name: 'Earlier versions' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      expect.stringContaining('+8 characters'),
      expect.stringContaining('−3 characters'),
    ]);
    expect(buttons[0]!.textContent).toContain('Nov 05, 2026');
    await userEvent.setup().click(buttons[1]!);
    expect(buttons[1]!.getAttribute('aria-pressed')).toBe('true');
    const changes = await screen.findByRole('list', { name: 'Content changes' });
    const lines = within(changes)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual([' Morning.', '−Removed: It drizzled.', '+Added: It rained all day.']);
    const title = screen.getByRole('list', { name: 'Title changes' });
    expect(title.textContent).toContain('−Removed: Drizzle');
    expect(title.textContent).toContain('+Added: Rain');
  });

  it('restores a version once confirmed: the editor shows its text and the list reloads', async () => {
    let versions = [older];
    const { api, user } = await openHistory({
      'GET /entry/j1/e1/versions': () => [200, versions],
      'GET /entry/j1/e1/versions/v1': [200, olderText],
      'POST /entry/j1/e1/versions/v1/restore': () => {
        versions = [{ ...newer, _id: 'v3', sizeChange: 19 }, older];
        return [200, anEntry({ title: 'Drizzle', content: olderText.content })];
      },
    });
    await user.click(await screen.findByRole('button', { name: /\+8 characters/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Restore this version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Version restored']));
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/entry/j1/e1/versions/v1/restore' }),
    ]);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Drizzle');
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toBe(olderText.content);
    const list = screen.getByRole('list', { name: 'Earlier versions' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(2));
    expect(document.activeElement?.textContent).toBe('History');
  });

  it('says a failed restore and keeps the entry as it was', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await openHistory({
      'GET /entry/j1/e1/versions': [200, [older]],
      'GET /entry/j1/e1/versions/v1': [200, olderText],
      'POST /entry/j1/e1/versions/v1/restore': [500, { message: 'boom' }],
    });
    await user.click(await screen.findByRole('button', { name: /\+8 characters/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }),
    );
    await waitFor(() => expect(toastTexts()).toEqual(['Could not restore this version']));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Rain');
  });

  it('words a size change with its sign', () => {
    expect([120, -8, 1, 0].map(sizeChangeText)).toEqual([
      '+120 characters',
      '−8 characters',
      '+1 character',
      'Same length',
    ]);
  });
});
