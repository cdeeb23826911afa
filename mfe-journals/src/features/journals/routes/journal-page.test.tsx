import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, currentPath, toastTexts } from '@dayframe/web-kit/testing';
import { aJournal, anEntry, renderJournals } from '../../../testing/journals-fixtures.tsx';

const entries = [
  anEntry({ _id: 'e2', title: 'Sun', content: 'Line one\nline two', date: '2026-11-06' }),
  anEntry({ _id: 'e1', title: '', content: '', date: '2026-11-05' }),
];

describe('a journal', () => {
  it('shows the back link, title, description, count badge and Edit link', async () => {
    fakeApi({
      'GET /journals/j1': [200, aJournal({ numEntries: 2 })],
      'GET /entry/j1': [200, entries],
    });
    renderJournals('/journals/j1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning pages' })).toBeTruthy();
    expect(screen.getByText('First thing, every day')).toBeTruthy();
    expect(screen.getByText('2 entries')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All journals/ }).getAttribute('href')).toBe(
      '/journals',
    );
    expect(screen.getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe(
      '/journals/j1/edit',
    );
  });

  it('falls back to Untitled Journal and No description, and counts 1 entry', async () => {
    fakeApi({
      'GET /journals/j1': [200, aJournal({ title: '', description: ' ', numEntries: 1 })],
      'GET /entry/j1': [200, [anEntry()]],
    });
    renderJournals('/journals/j1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled Journal' })).toBeTruthy();
    expect(screen.getByText('No description')).toBeTruthy();
    expect(await screen.findByText('1 entry')).toBeTruthy();
  });

  it('lists entries as links with title, date, a preview and No content. for an empty one', async () => {
    fakeApi({
      'GET /journals/j1': [200, aJournal({ numEntries: 2 })],
      'GET /entry/j1': [200, entries],
      'GET /entry/j1/e2': [200, entries[0]],
    });
    renderJournals('/journals/j1');
    const sun = await screen.findByRole('link', { name: /Sun/ });
    expect(sun.getAttribute('href')).toBe('/journals/j1/entries/e2');
    expect(within(sun).getByText('Nov 06, 2026')).toBeTruthy();
    expect(within(sun).getByText(/Line one/).className).toContain('line-clamp-3');
    const untitled = screen.getByRole('link', { name: /Nov 05, 2026/ });
    expect(untitled.textContent).toContain('No content.');
    await userEvent.setup().click(sun);
    expect(currentPath()).toBe('/journals/j1/entries/e2');
  });

  it('says No entries yet for an empty journal', async () => {
    fakeApi({ 'GET /journals/j1': [200, aJournal()], 'GET /entry/j1': [200, []] });
    renderJournals('/journals/j1');
    expect(await screen.findByText('No entries yet')).toBeTruthy();
    expect(screen.getByText('0 entries')).toBeTruthy();
  });

  it('says Journal not found, without a toast, when the API answers 404', async () => {
    fakeApi({});
    renderJournals('/journals/someone-elses');
    expect(await screen.findByRole('heading', { name: 'Journal not found' })).toBeTruthy();
    expect(toastTexts()).toEqual([]);
  });

  it('says the journal could not be loaded on any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /journals/j1': [500, { message: 'boom' }], 'GET /entry/j1': [200, []] });
    renderJournals('/journals/j1');
    await waitFor(() => expect(toastTexts()).toEqual(['Could not load journal']));
  });

  it('says the entries could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /journals/j1': [200, aJournal()], 'GET /entry/j1': [503, {}] });
    renderJournals('/journals/j1');
    await waitFor(() => expect(toastTexts()).toEqual(['Could not load entries']));
    expect(screen.getByRole('heading', { level: 1, name: 'Morning pages' })).toBeTruthy();
  });
});

describe('the New Entry form', () => {
  async function openForm() {
    const toggle = await screen.findByRole('button', { name: 'New Entry' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form', { name: 'New Entry' })).toBeNull();
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    return screen.getByRole('form', { name: 'New Entry' });
  }

  it('is collapsed until asked for, starts at the local today, and Cancel closes it', async () => {
    // Just after midnight at UTC+14 it is still yesterday in UTC: the form must use the local day.
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 5, 0, 15));
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-11-04');
    fakeApi({ 'GET /journals/j1': [200, aJournal()], 'GET /entry/j1': [200, []] });
    renderJournals('/journals/j1');
    const form = await openForm();
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe('2026-11-05');
    expect(within(form).getByLabelText('Title')).toBeTruthy();
    expect(within(form).getByLabelText('Content')).toBeTruthy();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New Entry' })).toBeNull();
  });

  it("starts from the journal's template, with the prompt of the day above the editor", async () => {
    fakeApi({
      'GET /journals/j1': [200, aJournal({ template: '## Grateful for\n\n1. ' })],
      'GET /entry/j1': [200, []],
    });
    renderJournals('/journals/j1');
    const form = await openForm();
    expect((within(form).getByLabelText('Content') as HTMLTextAreaElement).value).toBe(
      '## Grateful for\n\n1. ',
    );
    expect(within(form).getByRole('region', { name: 'Prompt of the day' })).toBeTruthy();
    expect(within(form).getByRole('option', { name: "This journal's template" })).toBeTruthy();
  });

  it('asks for content and sends nothing without it', async () => {
    const api = fakeApi({ 'GET /journals/j1': [200, aJournal()], 'GET /entry/j1': [200, []] });
    renderJournals('/journals/j1');
    const form = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Title'), 'Only a title');
    await user.type(within(form).getByLabelText('Content'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Add Entry' }));
    expect(toastTexts()).toEqual(['Please fill out entry']);
    expect(api.writes()).toEqual([]);
  });

  it('creates the entry, says so, closes and shows it in the list', async () => {
    let list = [] as ReturnType<typeof anEntry>[];
    const api = fakeApi({
      'GET /journals/j1': () => [200, aJournal({ numEntries: list.length })],
      'GET /entry/j1': () => [200, list],
      'POST /entry/j1': (call) => {
        list = [anEntry({ ...(call.body as object), _id: 'new' })];
        return [201, list[0]];
      },
    });
    renderJournals('/journals/j1');
    const form = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Title'), ' Fog ');
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2026-10-31' } });
    await user.type(within(form).getByLabelText('Content'), 'Could not see the street.');
    await user.click(within(form).getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Successfully created entry']));
    expect(api.writes()).toEqual([
      expect.objectContaining({
        path: '/entry/j1',
        body: {
          title: 'Fog',
          content: 'Could not see the street.',
          date: '2026-10-31',
          tags: [],
          mood: null,
        },
      }),
    ]);
    expect(screen.queryByRole('form', { name: 'New Entry' })).toBeNull();
    expect(await screen.findByRole('link', { name: /Fog/ })).toBeTruthy();
    expect(screen.getByText('1 entry')).toBeTruthy();
  });

  it('keeps what was written when the entry cannot be created', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      'GET /journals/j1': [200, aJournal()],
      'GET /entry/j1': [200, []],
      'POST /entry/j1': [500, { message: 'boom' }],
    });
    renderJournals('/journals/j1');
    const form = await openForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Content'), 'Keep me');
    await user.click(within(form).getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Failed to create entry']));
    expect((within(form).getByLabelText('Content') as HTMLTextAreaElement).value).toBe('Keep me');
  });
});
