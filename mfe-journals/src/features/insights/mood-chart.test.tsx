import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@dayframe/web-kit/testing';
import { MoodChart } from './components/mood-chart.tsx';

afterEach(cleanup);

describe('the mood chart', () => {
  it('draws the daily average with gaps, sums it up in words and lists the days in a table', async () => {
    const api = fakeApi({
      'GET /insights/mood': [
        200,
        [
          { date: '2026-10-20', average: 2, entries: 1 },
          { date: '2026-10-21', average: 3, entries: 1 },
          { date: '2026-10-25', average: 4.5, entries: 2 },
          { date: '2026-11-03', average: 4, entries: 1 },
          { date: '2026-11-04', average: 5, entries: 1 },
        ],
      ],
    });
    const { container } = render(<MoodChart today="2026-11-04" />);
    const card = screen.getByRole('region', { name: 'Mood' });
    const chart = await within(card).findByRole('img', { name: 'Average mood 3.8 over 5 days' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(api.calls.map((c) => c.search)).toEqual(['?from=2026-10-06&to=2026-11-04']);
    const segments = [...container.querySelectorAll('path[data-segment]')];
    expect(
      segments.map((p) => [p.getAttribute('data-segment'), p.getAttribute('data-days')]),
    ).toEqual([
      ['line', '2026-10-20 2026-10-21'],
      ['point', '2026-10-25'],
      ['line', '2026-11-03 2026-11-04'],
    ]);
    expect(card.textContent).toContain('Good (3.8)');

    await userEvent.setup().click(within(card).getByText('Show as table'));
    const table = within(card).getByRole('table', { name: 'Average mood per day, last 30 days' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Date', 'Average mood', 'Entries'],
      ['Nov 04, 2026', 'Great (5.0)', '1'],
      ['Nov 03, 2026', 'Good (4.0)', '1'],
      ['Oct 25, 2026', 'Great (4.5)', '2'],
      ['Oct 21, 2026', 'Okay (3.0)', '1'],
      ['Oct 20, 2026', 'Bad (2.0)', '1'],
    ]);
  });

  it('switches between 30, 90 and 365 days with pressed toggle buttons, and says when there is nothing', async () => {
    const api = fakeApi({ 'GET /insights/mood': [200, []] });
    render(<MoodChart today="2026-11-04" />);
    const group = screen.getByRole('group', { name: 'Days shown' });
    const button = (name: string) => within(group).getByRole('button', { name });
    expect(button('30 days').getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(/No moods in the last 30 days/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(button('365 days'));
    expect(await screen.findByText(/No moods in the last 365 days/)).toBeTruthy();
    expect(button('365 days').getAttribute('aria-pressed')).toBe('true');
    expect(button('30 days').getAttribute('aria-pressed')).toBe('false');
    button('365 days').focus();
    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    await waitFor(() => expect(button('90 days').getAttribute('aria-pressed')).toBe('true'));
    expect(api.calls.map((c) => c.search)).toEqual([
      '?from=2026-10-06&to=2026-11-04',
      '?from=2025-11-05&to=2026-11-04',
      '?from=2026-08-07&to=2026-11-04',
    ]);
  });
});
