import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { api } from './api-client.ts';
import { useLoad, type LoadOptions } from './use-load.ts';
import { deferred, fakeApi } from './testing/fake-api.ts';
import './testing/dom.tsx';

type Note = { text: string };

/** A screen loading `/notes/:id` with the real API client, as the product's screens do. */
function NoteScreen({ id, options }: { id: string; options?: LoadOptions }) {
  const { state, pending, retry } = useLoad(
    (signal) => api.get<Note>(`/notes/${id}`, { signal }),
    [id],
    options,
  );
  return (
    <div>
      <p data-testid="pending">{String(pending)}</p>
      {state.status === 'loading' ? <p>Loading…</p> : null}
      {state.status === 'ready' ? <p>Note: {state.data.text}</p> : null}
      {state.status === 'error' ? (
        <button type="button" onClick={retry}>
          Try again
        </button>
      ) : null}
      {state.status === 'ready' ? (
        <button type="button" onClick={retry}>
          Refresh
        </button>
      ) : null}
    </div>
  );
}

/** The screen with a switch to another note, to change `deps` while a load is under way. */
function Switcher({ options }: { options?: LoadOptions }) {
  const [id, setId] = useState('a');
  return (
    <>
      <button type="button" onClick={() => setId('b')}>
        Show b
      </button>
      <NoteScreen id={id} options={options} />
    </>
  );
}

/** The AbortSignal the n-th request went out with. */
function signalOf(fetch: ReturnType<typeof fakeApi>['fetch'], n: number): AbortSignal {
  return (fetch.mock.calls[n]![1] as RequestInit).signal!;
}

describe('useLoad', () => {
  it('shows loading, then the answer', async () => {
    const calls = fakeApi({ 'GET /notes/a': [200, { text: 'first' }] });
    render(<NoteScreen id="a" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Note: first')).toBeTruthy();
    expect(screen.getByTestId('pending').textContent).toBe('false');
    expect(calls.callsTo('GET /notes/a')).toHaveLength(1);
  });

  it('aborts the request on unmount and changes nothing when its answer comes late', async () => {
    const answer = deferred<[number, unknown]>();
    const calls = fakeApi({ 'GET /notes/a': () => answer.promise });
    const onError = vi.fn();
    const { unmount } = render(<NoteScreen id="a" options={{ onError }} />);
    await waitFor(() => expect(calls.fetch).toHaveBeenCalledTimes(1));
    const signal = signalOf(calls.fetch, 0);
    expect(signal.aborted).toBe(false);

    unmount();
    expect(signal.aborted).toBe(true);
    await act(async () => answer.resolve([500, { message: 'boom' }]));
    // The failure arrived after the abort: it is not reported, so no toast and no state.
    expect(onError).not.toHaveBeenCalled();
  });

  it('ignores the answer of a load that newer deps replaced, and aborts it', async () => {
    const slow = deferred<[number, unknown]>();
    const calls = fakeApi({
      'GET /notes/a': () => slow.promise,
      'GET /notes/b': [200, { text: 'second' }],
    });
    render(<Switcher />);
    await waitFor(() => expect(calls.fetch).toHaveBeenCalledTimes(1));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show b' }));
    expect(await screen.findByText('Note: second')).toBeTruthy();
    expect(signalOf(calls.fetch, 0).aborted).toBe(true);

    await act(async () => slow.resolve([200, { text: 'stale' }]));
    expect(screen.queryByText('Note: stale')).toBeNull();
    expect(screen.getByText('Note: second')).toBeTruthy();
  });

  it('says a failure once and loads again on retry()', async () => {
    let asked = 0;
    const calls = fakeApi({
      'GET /notes/a': () => (++asked === 1 ? [500, { message: 'boom' }] : [200, { text: 'back' }]),
    });
    const onError = vi.fn();
    render(<NoteScreen id="a" options={{ onError }} />);
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ status: 500, message: 'boom' });

    await userEvent.setup().click(tryAgain);
    expect(await screen.findByText('Note: back')).toBeTruthy();
    expect(calls.callsTo('GET /notes/a')).toHaveLength(2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('keeps the data shown while a retry refreshes it', async () => {
    const second = deferred<[number, unknown]>();
    let asked = 0;
    fakeApi({
      'GET /notes/a': () => (++asked === 1 ? [200, { text: 'old' }] : second.promise),
    });
    render(<NoteScreen id="a" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('pending').textContent).toBe('true'));
    expect(screen.getByText('Note: old')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    await act(async () => second.resolve([200, { text: 'new' }]));
    expect(await screen.findByText('Note: new')).toBeTruthy();
  });

  it('shows loading for new deps, or the previous data with keepPrevious', async () => {
    const later = deferred<[number, unknown]>();
    fakeApi({ 'GET /notes/a': [200, { text: 'first' }], 'GET /notes/b': () => later.promise });
    const { unmount } = render(<Switcher />);
    await screen.findByText('Note: first');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show b' }));
    expect(await screen.findByText('Loading…')).toBeTruthy();
    unmount();

    render(<Switcher options={{ keepPrevious: true }} />);
    await screen.findByText('Note: first');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show b' }));
    await waitFor(() => expect(screen.getByTestId('pending').textContent).toBe('true'));
    expect(screen.getByText('Note: first')).toBeTruthy();
    await act(async () => later.resolve([200, { text: 'second' }]));
    expect(await screen.findByText('Note: second')).toBeTruthy();
  });
});
