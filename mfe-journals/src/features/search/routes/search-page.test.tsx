import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { highlightSegments } from '../components/highlighted-text.tsx';
import { deferred, fakeApi } from '@dayframe/web-kit/testing';
import { renderJournals } from '../../../testing/journals-fixtures.tsx';

const entry = {
  _id: 'e1',
  journalId: 'j1',
  journalTitle: 'Morning pages',
  title: 'Café day',
  date: '2026-11-02',
  snippet: 'Met at the <script>alert(1)</script> café near the park',
  highlights: [[37, 41]],
};
const goal = {
  _id: 'g1',
  title: 'Visit every cafe',
  description: 'One a week',
  completed: false,
  dateDue: '2026-12-31',
  dateComplete: null,
  snippet: 'Visit every cafe',
  highlights: [[12, 16]],
};

describe('highlightSegments', () => {
  it('splits at the ranges, merging overlaps and clamping ranges past the text', () => {
    expect(
      highlightSegments('abcdefgh', [
        [5, 20],
        [1, 3],
        [2, 4],
        [-4, 0],
      ]),
    ).toEqual([
      { text: 'a', match: false },
      { text: 'bcd', match: true },
      { text: 'e', match: false },
      { text: 'fgh', match: true },
    ]);
  });
});

describe('/search', () => {
  it('asks both services for the query of the URL and shows entries and goals grouped, matches marked', async () => {
    const api = fakeApi({
      'GET /search/entries': [200, { results: [entry], total: 1 }],
      'GET /search/goals': [200, { results: [goal], total: 1 }],
    });
    renderJournals('/search?q=cafe');
    const entries = await screen.findByRole('region', { name: 'Entries' });
    const goals = screen.getByRole('region', { name: 'Goals' });
    expect(api.calls.map((c) => `${c.path}${c.search}`).sort()).toEqual([
      '/search/entries?q=cafe&limit=20',
      '/search/goals?q=cafe&limit=20',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search your entries and goals' })).toHaveProperty(
      'value',
      'cafe',
    );

    const entryLink = within(entries).getByRole('link');
    expect(entryLink.getAttribute('href')).toBe('/journals/j1/entries/e1');
    expect(entryLink.textContent).toContain('Morning pages');
    expect(entryLink.textContent).toContain('Nov 02, 2026');
    expect(Array.from(entryLink.querySelectorAll('mark')).map((m) => m.textContent)).toEqual([
      'café',
    ]);
    // The stored markup is text, not an element.
    expect(entryLink.querySelector('script')).toBeNull();
    expect(entryLink.textContent).toContain('<script>alert(1)</script>');

    const goalLink = within(goals).getByRole('link');
    expect(goalLink.getAttribute('href')).toBe('/goals');
    expect(goalLink.querySelector('mark')?.textContent).toBe('cafe');
  });

  it('says so when nothing matches', async () => {
    fakeApi({
      'GET /search/entries': [200, { results: [], total: 0 }],
      'GET /search/goals': [200, { results: [], total: 0 }],
    });
    renderJournals('/search?q=zebra');
    expect(await screen.findByText('Nothing found')).toBeTruthy();
    expect(screen.getByText(/No entry or goal matches “zebra”/)).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows loading, then an error with Try again when both searches fail, and recovers', async () => {
    let fail = true;
    const gate = deferred<void>();
    const api = fakeApi({
      'GET /search/entries': async () => {
        await gate.promise;
        return fail
          ? [503, { message: 'down', code: 'unavailable' }]
          : [200, { results: [entry], total: 1 }];
      },
      'GET /search/goals': () =>
        fail ? [503, { message: 'down', code: 'unavailable' }] : [200, { results: [], total: 0 }],
    });
    renderJournals('/search?q=cafe');
    expect(await screen.findByText('Searching…')).toBeTruthy();
    gate.resolve();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't search right now");
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Entries' });
    expect(screen.queryByRole('region', { name: 'Goals' })).toBeNull();
    expect(api.calls.filter((c) => c.path === '/search/entries')).toHaveLength(2);
  });

  it('keeps the entries when only the goals search fails', async () => {
    fakeApi({
      'GET /search/entries': [200, { results: [entry], total: 1 }],
      'GET /search/goals': [500, { message: 'oops', code: 'internal' }],
    });
    renderJournals('/search?q=cafe');
    await screen.findByRole('region', { name: 'Entries' });
    const goals = screen.getByRole('region', { name: 'Goals' });
    expect(within(goals).getByRole('alert').textContent).toBe("Couldn't search goals right now.");
  });

  it('asks nothing without a query, and searches what is typed', async () => {
    const api = fakeApi({
      'GET /search/entries': [200, { results: [entry], total: 1 }],
      'GET /search/goals': [200, { results: [], total: 0 }],
    });
    renderJournals('/search');
    expect(screen.getByText('What are you looking for?')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: '  café ' } });
    fireEvent.submit(box.closest('form')!);
    await screen.findByRole('region', { name: 'Entries' });
    await waitFor(() => expect(api.calls.map((c) => c.search)).toContain('?q=caf%C3%A9&limit=20'));
  });
});
