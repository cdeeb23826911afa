import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import DashboardWidgets from '../../dashboard-widgets.tsx';
import { fakeApi, MemoryRouter } from '@dayframe/web-kit/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderWidgets() {
  return render(
    <MemoryRouter>
      <DashboardWidgets />
    </MemoryRouter>,
  );
}

describe('the dashboard widgets', () => {
  it('ask for the local day, list what was written on it in earlier years, and show the streaks', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 4, 23, 30) });
    const api = fakeApi({
      'GET /insights/on-this-day': [
        200,
        {
          entries: [
            {
              _id: 'e9',
              journalId: 'j1',
              journalTitle: 'Travel log',
              title: 'Lisbon',
              date: '2025-11-04',
              excerpt: 'Tram 28',
              yearsAgo: 1,
            },
          ],
        },
      ],
      'GET /insights/writing': [
        200,
        { days: { '2026-11-02': 3, '2026-11-03': 1 }, currentStreak: 2, longestStreak: 9 },
      ],
      'GET /insights/mood': [200, []],
    });
    renderWidgets();
    const card = await screen.findByRole('region', { name: 'On this day' });
    await waitFor(() => expect(within(card).getByRole('link').textContent).toContain('Lisbon'));
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/journals/j1/entries/e9');
    expect(card.textContent).toContain('1 year ago');
    expect(api.calls.map((c) => `${c.path}${c.search}`).sort()).toEqual([
      '/insights/mood?from=2026-10-06&to=2026-11-04',
      '/insights/on-this-day?date=2026-11-04',
      '/insights/writing?from=2025-11-10&to=2026-11-04',
    ]);

    const year = screen.getByRole('region', { name: 'Your year of writing' });
    await waitFor(() => expect(year.textContent).toContain('Current streak2 days'));
    expect(year.textContent).toContain('Longest streak9 days');
    const day = within(year).getByRole('gridcell', { name: '3 entries on Nov 2, 2026' });
    expect(within(year).getByRole('gridcell', { name: '1 entry on Nov 3, 2026' })).toBeTruthy();
    // Only today is in the tab order; arrows move focus day by day and week by week.
    const today = within(year).getByRole('gridcell', { name: 'No entries on Nov 4, 2026' });
    expect(today.tabIndex).toBe(0);
    expect(
      within(year)
        .getAllByRole('gridcell')
        .filter((c) => c.tabIndex === 0),
    ).toHaveLength(1);
    today.focus();
    fireEvent.keyDown(today, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(day);
    expect(day.tabIndex).toBe(0);
    fireEvent.keyDown(day, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('No entries on Oct 26, 2026');
  });

  it('says something friendly when nothing was written on this day before', async () => {
    fakeApi({
      'GET /insights/on-this-day': [200, { entries: [] }],
      'GET /insights/writing': [200, { days: {}, currentStreak: 0, longestStreak: 0 }],
    });
    renderWidgets();
    expect(await screen.findByText(/Nothing from this day in earlier years yet/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('Current streak').nextSibling?.textContent).toBe('0 days'),
    );
  });

  it('offers Try again when a call fails', async () => {
    let fail = true;
    fakeApi({
      'GET /insights/on-this-day': () =>
        fail ? [503, { message: 'down', code: 'unavailable' }] : [200, { entries: [] }],
      'GET /insights/writing': [200, { days: {}, currentStreak: 0, longestStreak: 0 }],
    });
    renderWidgets();
    const card = await screen.findByRole('region', { name: 'On this day' });
    const alert = await within(card).findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText(/Nothing from this day/)).toBeTruthy();
  });
});
