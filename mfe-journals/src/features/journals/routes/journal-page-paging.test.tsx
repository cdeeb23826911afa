import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fakeApi, type FakeCall, toastTexts } from '@dayframe/web-kit/testing';
import { aJournal, anEntry, renderJournals } from '../../../testing/journals-fixtures.tsx';

const page = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) =>
    anEntry({ _id: `e${from + i}`, title: `Entry ${from + i}` }),
  );
const link = (cursor: string) => ({ Link: `</api/entry/j1?cursor=${cursor}>; rel="next"` });

/** The journal's entries served as the service pages them: three pages, c2 and c3 linked. */
function pagedJournal(
  third: () => Promise<[number, unknown?, Record<string, string>?]> = async () => [200, page(4, 5)],
) {
  return fakeApi({
    'GET /journals/j1': [200, aJournal({ numEntries: 5 })],
    'GET /entry/j1': (call: FakeCall) => {
      if (call.search === '') return [200, page(0, 2), link('c2')];
      if (call.search === '?cursor=c2') return [200, page(2, 4), link('c3')];
      if (call.search === '?cursor=c3') return third();
      return [400, { message: 'bad cursor', code: 'invalid_cursor' }];
    },
  });
}

const titles = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

/** A stand-in IntersectionObserver (jsdom has none) that the test can make "see" the list end. */
function fakeObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[]; live: boolean }[] =
    [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private record;
      constructor(callback: IntersectionObserverCallback) {
        this.record = { callback, targets: [] as Element[], live: true };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      disconnect() {
        this.record.live = false;
      }
      unobserve() {}
      takeRecords() {
        return [];
      }
    },
  );
  const watching = () => observers.filter((o) => o.live && o.targets.length > 0);
  return {
    /**
     * Until an observer watches the list's end. It is made in an effect, which can run a moment
     * after the list shows: a CI run scrolled before it existed, and nothing loaded.
     */
    async untilWatching() {
      await waitFor(() => expect(watching().length).toBeGreaterThan(0));
    },
    /** The list's end comes into view: every live observer is told, as the browser would. */
    scrollToEnd() {
      for (const o of watching())
        o.callback(
          o.targets.map(
            (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
          ),
          {} as IntersectionObserver,
        );
    },
    live: () => observers.filter((o) => o.live).length,
  };
}

describe("a journal's entries, paged", () => {
  it('shows the first page, then each next page on Load more, until there is none', async () => {
    const api = pagedJournal();
    renderJournals('/journals/j1');
    expect(await screen.findByText('Entry 1')).toBeTruthy();
    expect(titles()).toEqual(['Entry 0', 'Entry 1']);
    // The count is the journal's, not the length of what is loaded so far.
    expect(screen.getByText('5 entries')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    await screen.findByText('Entry 3');
    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    await screen.findByText('Entry 4');
    expect(titles()).toEqual(['Entry 0', 'Entry 1', 'Entry 2', 'Entry 3', 'Entry 4']);
    expect(screen.queryByRole('button', { name: 'Load more entries' })).toBeNull();
    expect(api.calls.filter((c) => c.path === '/entry/j1').map((c) => c.search)).toEqual([
      '',
      '?cursor=c2',
      '?cursor=c3',
    ]);
  });

  it('loads the next page by itself when the end of the list scrolls into view, once at a time', async () => {
    const observer = fakeObserver();
    const slow = deferred<[number, unknown?, Record<string, string>?]>();
    const api = pagedJournal(() => slow.promise);
    renderJournals('/journals/j1');
    await screen.findByText('Entry 1');
    await observer.untilWatching();
    act(() => observer.scrollToEnd());
    await screen.findByText('Entry 3');
    await observer.untilWatching();
    act(() => observer.scrollToEnd());
    act(() => observer.scrollToEnd());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Loading…' })).toBeTruthy());
    await act(async () => slow.resolve([200, page(4, 5)]));
    expect(await screen.findByText('Entry 4')).toBeTruthy();
    // Two sightings while the third page was on its way asked for it once.
    expect(api.calls.filter((c) => c.search === '?cursor=c3')).toHaveLength(1);
    expect(observer.live()).toBe(0);
  });

  it('is reachable and usable from the keyboard, keeping the focus on the button', async () => {
    pagedJournal();
    renderJournals('/journals/j1');
    await screen.findByText('Entry 1');
    const button = screen.getByRole('button', { name: 'Load more entries' });
    const user = userEvent.setup();
    // Tab through the page until the button has the focus.
    for (let i = 0; i < 20 && document.activeElement !== button; i += 1) await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await screen.findByText('Entry 3');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Load more entries' }));
  });

  it('keeps what is shown when a further page fails, says so, and retries on the button only', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const observer = fakeObserver();
    let fail = true;
    const api = pagedJournal(async () =>
      fail ? [503, { message: 'down', code: 'unavailable' }] : [200, page(4, 5)],
    );
    renderJournals('/journals/j1');
    await screen.findByText('Entry 1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    await screen.findByText('Entry 3');
    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Could not load more entries']));
    expect(titles()).toEqual(['Entry 0', 'Entry 1', 'Entry 2', 'Entry 3']);
    // After a failure nothing watches the end (once the effect has run), so a sighting asks
    // for nothing.
    await waitFor(() => expect(observer.live()).toBe(0));
    act(() => observer.scrollToEnd());
    expect(api.calls.filter((c) => c.search === '?cursor=c3')).toHaveLength(1);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    expect(await screen.findByText('Entry 4')).toBeTruthy();
  });

  it('starts again from the first page after a new entry is added', async () => {
    let added = false;
    const api = fakeApi({
      'GET /journals/j1': () => [200, aJournal({ numEntries: added ? 6 : 5 })],
      'GET /entry/j1': (call: FakeCall) =>
        call.search === ''
          ? [
              200,
              added ? [anEntry({ _id: 'new', title: 'Fresh' }), ...page(0, 1)] : page(0, 2),
              link('c2'),
            ]
          : [200, page(2, 4), link('c3')],
      'POST /entry/j1': () => {
        added = true;
        return [201, anEntry({ _id: 'new', title: 'Fresh' })];
      },
    });
    renderJournals('/journals/j1');
    await screen.findByText('Entry 1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more entries' }));
    await screen.findByText('Entry 3');
    await user.click(screen.getByRole('button', { name: 'New Entry' }));
    const form = screen.getByRole('form', { name: 'New Entry' });
    await user.type(within(form).getByLabelText('Content'), 'New words');
    await user.click(within(form).getByRole('button', { name: 'Add Entry' }));
    await screen.findByText('Fresh');
    expect(titles()).toEqual(['Fresh', 'Entry 0']);
    expect(await screen.findByText('6 entries')).toBeTruthy();
    expect(
      api.calls.filter((c) => c.path === '/entry/j1' && c.method === 'GET').map((c) => c.search),
    ).toEqual(['', '?cursor=c2', '']);
    expect(screen.getByRole('button', { name: 'Load more entries' })).toBeTruthy();
  });

  it("shows the server's words when the entries quota is reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /journals/j1': [200, aJournal()],
      'GET /entry/j1': [200, []],
      'POST /entry/j1': [
        409,
        { message: 'You have reached the limit of 100,000 entries.', code: 'quota_exceeded' },
      ],
    });
    renderJournals('/journals/j1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Entry' }));
    const form = screen.getByRole('form', { name: 'New Entry' });
    await user.type(within(form).getByLabelText('Content'), 'One too many');
    await user.click(within(form).getByRole('button', { name: 'Add Entry' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual(['You have reached the limit of 100,000 entries.']),
    );
  });
});
