import { describe, expect, it } from 'vitest';
import { calendarResponse } from '@dayframe/contracts';
import { remoteCallsForSuite } from '@dayframe/e2e-kit';
import { fetchCalendar } from './calendar-calls.ts';

/** This remote's own call, as its screen sends it, against the real calendar service. */
describe('mfe-calendar calls against the calendar service', () => {
  const calls = remoteCallsForSuite({ name: 'Cara', email: 'cara@example.com' });

  it('answers a month grid with entries, goals due and goals completed, in the contract', async () => {
    const { server, token } = calls;
    const call = (method: string, path: string, body: unknown) =>
      server.api.call(method, path, { token, body });
    const book = await call('POST', '/api/journals', { title: 'Log' });
    await call('POST', `/api/entry/${book.body._id}`, {
      title: 'Start',
      content: 'Day one.',
      date: '2031-02-03',
    });
    await call('POST', '/api/goals', {
      title: 'Due',
      description: 'Soon.',
      dateDue: '2031-02-10',
      dateSet: '2031-02-01',
    });
    const done = await call('POST', '/api/goals', {
      title: 'Done',
      description: 'Then.',
      dateDue: '2031-02-20',
      dateSet: '2031-02-01',
    });
    await call('PUT', `/api/goals/${done.body._id}/complete`, { currentDate: '2031-02-05' });

    // The grid of February 2031: Monday 27 January to Sunday 2 March.
    const month = calendarResponse.parse(await fetchCalendar('2031-01-27', '2031-03-02'));
    expect(month.entries['2031-02-03']?.map((e) => [e.title, e.journalTitle])).toEqual([
      ['Start', 'Log'],
    ]);
    expect(month.dueGoals['2031-02-10']?.map((g) => g.title)).toEqual(['Due']);
    expect(month.completedGoals['2031-02-05']?.map((g) => g.title)).toEqual(['Done']);
    expect(month.dueGoals['2031-02-20']).toBeUndefined();
  });
});
