import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, currentPath, toastTexts } from '@dayframe/web-kit/testing';
import { aJournal, renderJournals } from '../../../testing/journals-fixtures.tsx';

describe('My Journals', () => {
  it('is titled My Journals and its + button, labelled Create New Journal, opens the create form', async () => {
    fakeApi({ 'GET /journals': [200, []] });
    renderJournals('/journals');
    expect(screen.getByRole('heading', { level: 1, name: 'My Journals' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Create New Journal' }));
    expect(currentPath()).toBe('/journals/create');
  });

  it('says there are no journals yet and how to make one', async () => {
    fakeApi({ 'GET /journals': [200, []] });
    renderJournals('/journals');
    expect(await screen.findByText('No journals yet')).toBeTruthy();
    expect(screen.getByText('Click the + icon above to create your first one')).toBeTruthy();
    expect(toastTexts()).toEqual([]);
  });

  it('shows each journal as a link with its title, description, creation date and entry count', async () => {
    fakeApi({
      'GET /journals': [
        200,
        [
          aJournal({ _id: 'j1', title: 'Morning pages', numEntries: 3 }),
          aJournal({
            _id: 'j2',
            title: '  ',
            description: '',
            createdAt: '2026-01-02T12:00:00.000Z',
            numEntries: 1,
          }),
          aJournal({ _id: 'j3', title: 'Travel', numEntries: 0 }),
        ],
      ],
    });
    renderJournals('/journals');
    const links = await screen.findAllByRole('link', { name: /entr/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/journals/j1',
      '/journals/j2',
      '/journals/j3',
    ]);
    const [first, second, third] = links as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Morning pages' })).toBeTruthy();
    expect(first.textContent).toContain('First thing, every day');
    expect(first.textContent).toContain('Created Nov 05, 2026');
    expect(first.textContent).toContain('3 entries');
    expect(within(second).getByRole('heading', { name: 'Untitled Journal' })).toBeTruthy();
    expect(second.textContent).toContain('No description provided.');
    expect(second.textContent).toContain('Created Jan 02, 2026');
    expect(second.textContent).toMatch(/1 entry$/);
    expect(third.textContent).toContain('0 entries');
  });

  it('opens a journal from its card', async () => {
    fakeApi({ 'GET /journals': [200, [aJournal({ _id: 'j9' })]] });
    renderJournals('/journals');
    await userEvent.setup().click(await screen.findByRole('link', { name: /Morning pages/ }));
    expect(currentPath()).toBe('/journals/j9');
  });

  it('says journals could not be fetched, and Try again fetches them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    fakeApi({
      'GET /journals': () => (fail ? [500, { message: 'boom' }] : [200, [aJournal()]]),
    });
    renderJournals('/journals');
    await waitFor(() => expect(toastTexts()).toEqual(['Error fetching journals, try again later']));
    expect(
      screen.getByRole('heading', { name: 'Error fetching journals, try again later' }),
    ).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Morning pages/ })).toBeTruthy();
  });
});
