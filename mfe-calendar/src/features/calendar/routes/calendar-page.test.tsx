import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarResponse, Goal } from '@dayframe/contracts';
import { fakeApi, toastMessages, type FakeCall } from '@dayframe/web-kit/testing';
import { CalendarPage } from './calendar-page.tsx';
import { CALENDAR_TEXT } from '../messages.ts';

// Local noon on 30 December 2026: the local date is the 30th in any time zone. The testing
// module's afterEach puts the real clock back.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 11, 30, 12) });
});

const entry = {
  _id: 'e1',
  journalId: 'j1',
  journalTitle: 'Morning pages',
  title: 'A quiet start',
  content: 'Wrote three pages.',
  date: '2026-12-30',
  type: 'entry' as const,
  tags: [],
  mood: null,
  starred: false,
};
function goal(overrides: Partial<Goal> & { _id: string }): Goal {
  return {
    title: 'Run a half marathon',
    description: 'Under two hours.',
    completed: false,
    dateSet: '2026-12-01',
    dateDue: '2026-12-30',
    dateComplete: null,
    ...overrides,
  };
}
const busyDay: CalendarResponse = {
  entries: { '2026-12-30': [entry] },
  dueGoals: {
    '2026-12-30': [goal({ _id: 'g1' })],
    '2026-12-14': [
      goal({ _id: 'g3', title: 'One' }),
      goal({ _id: 'g4', title: 'Two' }),
      goal({ _id: 'g5', title: 'Three' }),
      goal({ _id: 'g6', title: 'Four' }),
      goal({ _id: 'g7', title: 'Five' }),
    ],
  },
  completedGoals: {
    '2026-12-30': [
      goal({
        _id: 'g2',
        title: 'Read 12 books',
        description: '',
        completed: true,
        dateDue: '2026-12-31',
        dateComplete: '2026-12-30',
      }),
    ],
  },
};
const empty: CalendarResponse = { entries: {}, dueGoals: {}, completedGoals: {} };

function calendarApi(answer: (call: FakeCall) => CalendarResponse = () => busyDay) {
  return fakeApi({ 'GET /calendar': (call) => [200, answer(call)] });
}
function windows(api: ReturnType<typeof fakeApi>): string[] {
  return api.callsTo('GET /calendar').map((c) => `${c.query.get('from')}..${c.query.get('to')}`);
}
function cell(date: string): HTMLElement {
  return document.querySelector<HTMLElement>(`[data-date="${date}"]`)!;
}
function heading(): string {
  return screen.getByRole('heading', { level: 2 }).textContent ?? '';
}

describe('the calendar screen', () => {
  it("shows the local today's month Monday first, asks once for the whole grid, rings today and dims the neighbours", async () => {
    const api = calendarApi();
    render(<CalendarPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeTruthy();
    expect(heading()).toBe('12 / 2026');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'MondayMon',
      'TuesdayTue',
      'WednesdayWed',
      'ThursdayThu',
      'FridayFri',
      'SaturdaySat',
      'SundaySun',
    ]);
    await waitFor(() => expect(windows(api)).toEqual(['2026-11-30..2027-01-03']));
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(6); // the header row and five weeks
    expect(within(rows[1]!).getAllByRole('gridcell')).toHaveLength(7);
    expect(cell('2026-12-30').getAttribute('aria-current')).toBe('date');
    expect(document.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    expect(cell('2026-11-30').dataset.inMonth).toBe('false');
    expect(cell('2027-01-03').dataset.inMonth).toBe('false');
    expect(cell('2026-12-01').dataset.inMonth).toBe('true');
  });

  it('lists entries, goals due and goals completed in their colours, and folds a day past four items into +N more', async () => {
    calendarApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    const today = cell('2026-12-30');
    await waitFor(() => expect(within(today).getAllByRole('button')).toHaveLength(3));
    const [first, second, third] = within(today).getAllByRole('button');
    expect(first!.getAttribute('aria-label')).toBe('Entry: A quiet start');
    expect(first!.className).toContain('border-blue-500');
    expect(second!.getAttribute('aria-label')).toBe('Goal due: Run a half marathon');
    expect(second!.className).toContain('border-yellow-500');
    expect(third!.getAttribute('aria-label')).toBe('Goal completed: Read 12 books');
    expect(third!.className).toContain('border-green-600');
    expect(third!.className).toContain('line-through');

    const busy = cell('2026-12-14');
    expect(
      within(busy)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['One', 'Two', 'Three', 'Four', '+1 more on Monday, December 14, 2026']);
    await user.click(
      within(busy).getByRole('button', { name: /1 more on Monday, December 14, 2026/ }),
    );
    const list = screen.getByRole('dialog', { name: 'Monday, December 14, 2026' });
    expect(
      within(list)
        .getAllByRole('button', { name: /./ })
        .map((b) => b.textContent),
    ).toEqual([
      'OneGoal due',
      'TwoGoal due',
      'ThreeGoal due',
      'FourGoal due',
      'FiveGoal due',
      'Close',
    ]);
  });

  it('moves across the year with the arrows, one call per grid, and comes back with Today', async () => {
    const api = calendarApi(() => empty);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    await waitFor(() => expect(windows(api)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(heading()).toBe('1 / 2027');
    await waitFor(() => expect(windows(api)).toHaveLength(2));
    expect(windows(api)[1]).toBe('2026-12-28..2027-01-31');
    // Today still shows, ringed but dimmed, among December's days that start the grid.
    expect(cell('2026-12-30').getAttribute('aria-current')).toBe('date');
    expect(cell('2026-12-30').dataset.inMonth).toBe('false');
    expect(cell('2027-01-31').dataset.inMonth).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(heading()).toBe('11 / 2026');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(heading()).toBe('12 / 2026');
    await waitFor(() => expect(windows(api)).toHaveLength(5));
    expect(windows(api).slice(2)).toEqual([
      '2026-11-30..2027-01-03',
      '2026-10-26..2026-12-06',
      '2026-11-30..2027-01-03',
    ]);
  });

  it('opens an entry with its content, date and details link; Escape closes it and focus returns', async () => {
    calendarApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    const item = await screen.findByRole('button', { name: 'Entry: A quiet start' });
    await user.click(item);
    const dialog = screen.getByRole('dialog', { name: 'A quiet start' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(within(dialog).getByText('Wrote three pages.')).toBeTruthy();
    expect(within(dialog).getByText('Dec 30, 2026')).toBeTruthy();
    const details = within(dialog).getByRole('link', { name: 'View details' });
    expect(details.getAttribute('href')).toBe('/journals/j1/entries/e1');
    expect(details.getAttribute('target')).toBe('_blank');
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(item);
  });

  it("marks each day with its entries' average mood and shows an entry's Markdown as plain text", async () => {
    calendarApi(() => ({
      ...empty,
      entries: {
        '2026-12-30': [
          {
            ...entry,
            mood: 4,
            content: '## Morning\n\n**Wrote** three [pages](https://a.example).',
          },
          { ...entry, _id: 'e2', title: 'Later', mood: 5 },
          { ...entry, _id: 'e3', title: 'No mood' },
        ],
        '2026-12-29': [{ ...entry, _id: 'e4', date: '2026-12-29', mood: 1 }],
        '2026-12-28': [{ ...entry, _id: 'e5', date: '2026-12-28' }],
      },
    }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    const mark = await within(cell('2026-12-30')).findByRole('img', {
      name: 'Average mood: Great (4.5)',
    });
    expect(mark.getAttribute('title')).toBe('Average mood: Great (4.5)');
    expect(
      within(cell('2026-12-29')).getByRole('img', { name: 'Average mood: Awful (1.0)' }),
    ).toBeTruthy();
    expect(within(cell('2026-12-28')).queryByRole('img')).toBeNull();

    await user.click(
      within(cell('2026-12-30')).getByRole('button', { name: 'Entry: A quiet start' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'A quiet start' });
    await waitFor(() => expect(dialog.textContent).toContain('Morning\nWrote three pages.'), {
      timeout: 10_000,
    });
    expect(dialog.textContent).not.toMatch(/##|\*\*|\]\(/);
  });

  it('opens goals with description, badge and the three dates; Close closes and focus returns', async () => {
    calendarApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    const due = await screen.findByRole('button', { name: 'Goal due: Run a half marathon' });
    await user.click(due);
    let dialog = screen.getByRole('dialog', { name: 'Run a half marathon' });
    expect(within(dialog).getByText('Under two hours.')).toBeTruthy();
    expect(within(dialog).getByText('Active')).toBeTruthy();
    const dates = () => Array.from(dialog.querySelectorAll('dl > div')).map((d) => d.textContent);
    expect(dates()).toEqual(['SetDec 01, 2026', 'DueDec 30, 2026', 'Completed—']);
    expect(within(dialog).getByRole('link', { name: 'View details' }).getAttribute('href')).toBe(
      '/goals',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(due);

    await user.click(screen.getByRole('button', { name: 'Goal completed: Read 12 books' }));
    dialog = screen.getByRole('dialog', { name: 'Read 12 books' });
    expect(within(dialog).getByText('Completed', { selector: '.badge' })).toBeTruthy();
    expect(within(dialog).getByText('No description provided.')).toBeTruthy();
    expect(dates()).toEqual(['SetDec 01, 2026', 'DueDec 31, 2026', 'CompletedDec 30, 2026']);
  });

  it("closes only the top modal on Escape when an item is opened from a day's list", async () => {
    calendarApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    const more = await screen.findByRole('button', { name: /1 more/ });
    await user.click(more);
    const list = screen.getByRole('dialog', { name: 'Monday, December 14, 2026' });
    const four = within(list).getByRole('button', { name: /Four/ });
    await user.click(four);
    expect(screen.getByRole('dialog', { name: 'Four' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Four' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Monday, December 14, 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(four);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it('moves a roving focus over the days with the keyboard, changing month past the grid', async () => {
    const api = calendarApi(() => empty);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    // One day is in the Tab order: today.
    const tabbable = screen.getAllByRole('gridcell').filter((c) => c.tabIndex === 0);
    expect(tabbable.map((c) => c.dataset.date)).toEqual(['2026-12-30']);
    cell('2026-12-30').focus();

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cell('2026-12-31'));
    await user.keyboard('{ArrowRight}'); // a dimmed day of this grid: the month stays
    expect(document.activeElement).toBe(cell('2027-01-01'));
    expect(heading()).toBe('12 / 2026');
    await user.keyboard('{ArrowDown}'); // past the grid: January
    expect(heading()).toBe('1 / 2027');
    expect(document.activeElement).toBe(cell('2027-01-08'));
    expect(cell('2027-01-08').tabIndex).toBe(0);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(cell('2027-01-04'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(cell('2027-01-10'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cell('2027-01-03'));
    await user.keyboard('{PageUp}');
    expect(heading()).toBe('12 / 2026');
    expect(document.activeElement).toBe(cell('2026-12-03'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(cell('2026-11-29'));
    expect(heading()).toBe('11 / 2026');
    await waitFor(() =>
      expect(windows(api)).toEqual([
        '2026-11-30..2027-01-03',
        '2026-12-28..2027-01-31',
        '2026-11-30..2027-01-03',
        '2026-10-26..2026-12-06',
      ]),
    );
  });

  it("opens a day's list with Enter", async () => {
    calendarApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    await screen.findByRole('button', { name: 'Entry: A quiet start' });
    cell('2026-12-30').focus();
    await user.keyboard('{Enter}');
    const list = screen.getByRole('dialog', { name: 'Wednesday, December 30, 2026' });
    expect(within(list).getByText('3 items')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(cell('2026-12-30'));
  });

  it('notes when the service left items out, and only then', async () => {
    let answer: CalendarResponse = { ...busyDay, truncated: true };
    const api = calendarApi(() => answer);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    const note = await screen.findByText(CALENDAR_TEXT.truncated);
    expect(note.getAttribute('role')).toBe('status');
    expect(within(cell('2026-12-30')).getAllByRole('button')).toHaveLength(3);
    answer = busyDay;
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(windows(api)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText(CALENDAR_TEXT.truncated)).toBeNull());
  });

  it('shows the goals it got and a notice naming the missing entries, and asks again on Try again', async () => {
    const partial: CalendarResponse = { ...busyDay, entries: {}, missing: ['entries'] };
    let answer = partial;
    const api = calendarApi(() => answer);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<CalendarPage />);
    const text = await screen.findByText(
      'Some items could not be loaded: journal entries. Everything else for this month is shown.',
    );
    const notice = text.closest<HTMLElement>('[role="status"]')!;
    expect(notice).toBeTruthy();
    const today = cell('2026-12-30');
    expect(
      within(today)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Goal due: Run a half marathon', 'Goal completed: Read 12 books']);
    expect(toastMessages()).toEqual([]); // a partial answer is not an error

    answer = busyDay;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(windows(api)).toHaveLength(2));
    await waitFor(() => expect(within(today).getAllByRole('button')).toHaveLength(3));
    expect(screen.queryByText(/Some items could not be loaded/)).toBeNull();
  });

  it('names the goals, or both parts, when those are missing', () => {
    expect(CALENDAR_TEXT.partial(['goals'])).toBe(
      'Some items could not be loaded: goals. Everything else for this month is shown.',
    );
    expect(CALENDAR_TEXT.partial(['entries', 'goals'])).toBe(
      'Some items could not be loaded: journal entries and goals. Everything else for this month is shown.',
    );
  });

  it("says Couldn't load items when the call fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ 'GET /calendar': [500, { message: 'boom' }] });
    render(<CalendarPage />);
    await waitFor(() =>
      expect([toastMessages(), toastMessages('error')]).toEqual([
        ["Couldn't load items"],
        ["Couldn't load items"],
      ]),
    );
    expect(screen.getAllByRole('gridcell')).toHaveLength(35);
  });
});
