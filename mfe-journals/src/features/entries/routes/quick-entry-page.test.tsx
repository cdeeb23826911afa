import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localToday } from '@dayframe/web-kit';
import { fakeApi, type FakeCall, currentPath, toastTexts } from '@dayframe/web-kit/testing';
import { aJournal, anEntry, renderJournals } from '../../../testing/journals-fixtures.tsx';

const journals = [
  aJournal({ _id: 'j1', title: 'Morning pages' }),
  aJournal({ _id: 'j2', title: '' }),
];

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function datedQueries(calls: FakeCall[]) {
  return calls.filter((c) => c.path.endsWith('/dated')).map((c) => `${c.path}${c.search}`);
}

/** The submit button once the day's entry has been looked up (it is disabled meanwhile). */
async function submitButton(name: 'Add Entry' | 'Update Entry') {
  const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

describe('quick entry', () => {
  it('with no journals says No Journals Yet and offers Create Journal', async () => {
    fakeApi({ 'GET /journals': [200, []] });
    renderJournals('/entry');
    expect(await screen.findByRole('heading', { name: 'No Journals Yet' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Create Journal' }));
    expect(currentPath()).toBe('/journals');
  });

  it('says journals could not be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /journals': [500, {}] });
    renderJournals('/entry');
    await waitFor(() => expect(toastTexts()).toEqual(['Error fetching journals, try again later']));
  });

  it('defaults to the first journal and the local today, and offers Add Entry when the day is empty', async () => {
    const api = fakeApi({ 'GET /journals': [200, journals], 'GET /entry/j1/dated': [200, {}] });
    renderJournals('/entry');
    await submitButton('Add Entry');
    expect((screen.getByLabelText('Journal') as HTMLSelectElement).value).toBe('j1');
    expect(screen.getByRole('option', { name: 'Untitled Journal' })).toBeTruthy();
    expect(field('Date').value).toBe(localToday());
    expect(datedQueries(api.calls)).toEqual([`/entry/j1/dated?date=${localToday()}`]);
  });

  it.each([
    ['', 'Some content'],
    ['A title', ''],
  ])('needs a title and content (title %j, content %j)', async (title, content) => {
    const api = fakeApi({ 'GET /journals': [200, journals], 'GET /entry/j1/dated': [200, {}] });
    renderJournals('/entry');
    const user = userEvent.setup();
    await submitButton('Add Entry');
    if (title) await user.type(field('Title'), title);
    if (content) await user.type(field('Content'), content);
    await user.click(await submitButton('Add Entry'));
    expect(toastTexts()).toEqual(['Please fill out entry']);
    expect(api.writes()).toEqual([]);
  });

  it('creates the day entry, then the same form updates it', async () => {
    const api = fakeApi({
      'GET /journals': [200, journals],
      'GET /entry/j1/dated': [200, {}],
      'POST /entry/j1': (call) => [201, anEntry({ ...(call.body as object), _id: 'new' })],
      'PUT /entry/j1/new': (call) => [200, anEntry({ ...(call.body as object), _id: 'new' })],
    });
    renderJournals('/entry');
    const user = userEvent.setup();
    await submitButton('Add Entry');
    fireEvent.change(field('Date'), { target: { value: '2026-11-05' } });
    await user.type(field('Title'), 'Rain');
    await user.type(field('Content'), 'All day.');
    await user.click(await submitButton('Add Entry'));
    await waitFor(() => expect(toastTexts()).toEqual(['Successfully created entry']));
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/entry/j1',
        body: { title: 'Rain', content: 'All day.', date: '2026-11-05', tags: [], mood: null },
      }),
    ]);
    await user.type(field('Content'), ' Still.');
    await user.click(await submitButton('Update Entry'));
    await waitFor(() => expect(toastTexts()).toContain('Successfully updated entry'));
    expect(api.writes()[1]).toEqual(
      expect.objectContaining({
        method: 'PUT',
        path: '/entry/j1/new',
        body: { title: 'Rain', content: 'All day. Still.', tags: [], mood: null },
      }),
    );
  });

  it("loads the day's entry and reads Update Entry; another day or journal loads again", async () => {
    const api = fakeApi({
      'GET /journals': [200, journals],
      'GET /entry/j1/dated': (call) =>
        call.search === '?date=2026-11-05'
          ? [200, anEntry({ title: 'Rain', content: 'All day.' })]
          : [200, {}],
      'GET /entry/j2/dated': [200, anEntry({ _id: 'e9', journalId: 'j2', title: 'Other' })],
    });
    renderJournals('/entry');
    await submitButton('Add Entry');
    fireEvent.change(field('Date'), { target: { value: '2026-11-05' } });
    await submitButton('Update Entry');
    expect(field('Title').value).toBe('Rain');
    expect(field('Content').value).toBe('All day.');

    // A day with nothing written: the loaded entry is not carried over to it.
    fireEvent.change(field('Date'), { target: { value: '2026-11-04' } });
    await submitButton('Add Entry');
    expect(field('Title').value).toBe('');
    expect(field('Content').value).toBe('');

    await userEvent.setup().selectOptions(screen.getByLabelText('Journal'), 'j2');
    await submitButton('Update Entry');
    expect(field('Title').value).toBe('Other');
    expect(datedQueries(api.calls).slice(1)).toEqual([
      '/entry/j1/dated?date=2026-11-05',
      '/entry/j1/dated?date=2026-11-04',
      '/entry/j2/dated?date=2026-11-04',
    ]);
  });

  it("starts an empty day from its journal's template, follows the journal while untouched, and offers starters only for a new entry", async () => {
    fakeApi({
      'GET /journals': [
        200,
        [
          aJournal({ _id: 'j1', template: '## Morning\n' }),
          aJournal({ _id: 'j2', title: 'Trips', template: '' }),
        ],
      ],
      'GET /entry/j1/dated': [200, {}],
      'GET /entry/j2/dated': (call) =>
        call.search.includes('2026-01-02')
          ? [200, anEntry({ journalId: 'j2', content: 'Old day' })]
          : [200, {}],
    });
    renderJournals('/entry');
    await submitButton('Add Entry');
    await waitFor(() => expect(field('Content').value).toBe('## Morning\n'));
    expect(screen.getByRole('region', { name: 'Prompt of the day' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Journal'), { target: { value: 'j2' } });
    await submitButton('Add Entry');
    await waitFor(() => expect(field('Content').value).toBe(''));
    fireEvent.change(field('Date'), { target: { value: '2026-01-02' } });
    await submitButton('Update Entry');
    expect(field('Content').value).toBe('Old day');
    expect(screen.queryByRole('region', { name: 'Prompt of the day' })).toBeNull();
  });

  it('keeps a draft typed before choosing an empty day', async () => {
    fakeApi({ 'GET /journals': [200, journals], 'GET /entry/j1/dated': [200, {}] });
    renderJournals('/entry');
    const user = userEvent.setup();
    await submitButton('Add Entry');
    await user.type(field('Title'), 'Draft');
    fireEvent.change(field('Date'), { target: { value: '2026-01-01' } });
    await submitButton('Add Entry');
    expect(field('Title').value).toBe('Draft');
  });

  it.each([
    [{}, 'POST /entry/j1', 'Failed to create entry'],
    [anEntry(), 'PUT /entry/j1/e1', 'Failed to update entry'],
  ])('says when saving fails (%#)', async (dated, route, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /journals': [200, journals],
      'GET /entry/j1/dated': [200, dated],
      [route]: [500, { message: 'boom' }],
    });
    renderJournals('/entry');
    const user = userEvent.setup();
    const button = await submitButton('_id' in dated ? 'Update Entry' : 'Add Entry');
    await user.type(field('Title'), 'x');
    await user.type(field('Content'), 'y');
    await user.click(button);
    await waitFor(() => expect(toastTexts()).toEqual([message]));
  });

  it("says when the day's entry could not be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /journals': [200, journals], 'GET /entry/j1/dated': [500, {}] });
    renderJournals('/entry');
    await waitFor(() => expect(toastTexts()).toEqual(['Could not load entry']));
  });
});
