import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { currentPath, fakeApi, renderAt, verifiedUser } from '@dayframe/web-kit/testing';
import { repoCatalog } from '../../remotes/testing/described-remotes.ts';
import { AppLayout } from '../../app/mod.ts';

const entry = {
  _id: 'e1',
  journalId: 'j1',
  journalTitle: 'Travel log',
  title: 'Lisbon',
  date: '2026-11-02',
  snippet: 'Tram 28',
  highlights: [[0, 4]],
};

function renderApp() {
  session.signIn('tok', verifiedUser);
  const { store } = repoCatalog();
  return renderAt('/dashboard', { '/*': <AppLayout catalogStore={store} /> });
}

const box = () => screen.getByRole('combobox', { name: 'Type a command or search' });
const optionTexts = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
const activeOption = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe('the command palette', () => {
  it('opens on Ctrl+K with the remotes’ commands, the menu’s screens, theme and log out', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderApp();
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(optionTexts().length).toBeGreaterThan(5));
    expect(document.activeElement).toBe(box());
    const texts = optionTexts();
    for (const label of [
      'Go to Dashboard',
      'Go to Journals',
      'New journal',
      'New entry',
      'New goal',
      'Switch to dark theme',
      'Log out',
    ])
      expect(texts).toContain(label);
    // The first option is active and announced through aria-activedescendant.
    expect(activeOption()).toBe(texts[0]);
  });

  it('leaves Ctrl+K to a field that claimed it (the entry editor makes a link with it)', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderApp();
    const claim = (event: KeyboardEvent) => event.preventDefault();
    document.body.addEventListener('keydown', claim);
    await user.keyboard('{Control>}k{/Control}');
    document.body.removeEventListener('keydown', claim);
    expect(screen.queryByRole('combobox', { name: 'Type a command or search' })).toBeNull();
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(box()).toBe(document.activeElement));
  });

  it('opens on / and closes on Escape', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderApp();
    await user.keyboard('/');
    await waitFor(() => expect(box()).toBeTruthy());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });

  it('filters commands by words, moves with arrows and runs with Enter', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderApp();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(box(), 'new');
    await waitFor(() =>
      expect(optionTexts().filter((t) => !t.startsWith('Search for'))).toEqual([
        'New journal',
        'New entry',
        'New goal',
      ]),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe('New goal');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/goals'));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('lists the first entries found after a pause, aborting searches of older text, and offers Search for …', async () => {
    const api = fakeApi({
      'GET /search/entries': [200, { results: [entry], total: 1 }],
      'GET /search/goals': [200, { results: [], total: 0 }],
    });
    const user = userEvent.setup();
    renderApp();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(box(), 'tram');
    await waitFor(() => expect(optionTexts()).toContain('LisbonTravel log · Nov 02, 2026'));
    // Typing faster than the pause asks once, for the whole text.
    expect(api.callsTo('GET /search/entries').map((c) => c.query.get('q'))).toEqual(['tram']);
    expect(optionTexts().at(-1)).toBe('Search for “tram”');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/search'));
  });

  it('opens an entry found, and Escape returns focus to what had it', async () => {
    fakeApi({
      'GET /search/entries': [200, { results: [entry], total: 1 }],
      'GET /search/goals': [200, { results: [], total: 0 }],
    });
    const user = userEvent.setup();
    renderApp();
    const opener = screen.getAllByRole('button', { name: /Search or jump to/ })[0]!;
    opener.focus();
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.type(box(), 'lisbon');
    await waitFor(() => expect(optionTexts()[0]).toBe('LisbonTravel log · Nov 02, 2026'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/journals/j1/entries/e1'));
  });
});

describe('the palette’s tags', () => {
  it('offers "Go to tag …" for the tags the text names, asked once, and shows the operators', async () => {
    const api = fakeApi({
      'GET /tags': [
        200,
        [
          { tag: 'travel', count: 3 },
          { tag: 'trips', count: 1 },
          { tag: 'work', count: 1 },
        ],
      ],
    });
    const user = userEvent.setup();
    renderApp();
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByText('tag:travel')).toBeTruthy();
    await user.type(box(), 'tag:tr');
    await waitFor(() =>
      expect(optionTexts().filter((t) => t.startsWith('Go to tag'))).toEqual([
        'Go to tag #travel',
        'Go to tag #trips',
      ]),
    );
    // An operator still searches.
    expect(optionTexts()).toContain('Search for “tag:tr”');
    await user.clear(box());
    await user.type(box(), 'wor');
    await waitFor(() => expect(optionTexts()).toContain('Go to tag #work'));
    expect(api.callsTo('GET /tags')).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/tags/work'));
  });
});
