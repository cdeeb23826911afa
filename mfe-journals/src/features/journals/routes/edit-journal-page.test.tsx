import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteQuestion } from '../components/delete-journal.tsx';
import { fakeApi, currentPath, toastTexts } from '@dayframe/web-kit/testing';
import { aJournal, renderJournals } from '../../../testing/journals-fixtures.tsx';

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

async function renderEdit(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /journals/j1': [200, aJournal({ numEntries: 3 })],
    'GET /entry/j1': [200, []],
    'GET /journals': [200, []],
    ...routes,
  });
  renderJournals('/journals/j1/edit');
  await screen.findByDisplayValue('Morning pages');
  return api;
}

describe('edit a journal', () => {
  it('starts from the saved title and description, and Back returns to the journal', async () => {
    const api = await renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Journal' })).toBeTruthy();
    expect(field('Description').value).toBe('First thing, every day');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back' }));
    expect(currentPath()).toBe('/journals/j1');
    expect(api.writes()).toEqual([]);
  });

  it.each([
    ['Title', ''],
    ['Description', '  '],
  ])('needs every field (%s emptied)', async (label, value) => {
    const api = await renderEdit();
    const user = userEvent.setup();
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(toastTexts()).toEqual(['All fields must be filled']);
    expect(api.writes()).toEqual([]);
  });

  it('needs a change', async () => {
    const api = await renderEdit();
    const user = userEvent.setup();
    await user.type(field('Title'), '  ');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(toastTexts()).toEqual(['No changes must be made']);
    expect(api.writes()).toEqual([]);
  });

  it('saves the change, says so and goes to the journal', async () => {
    const api = await renderEdit({
      'PUT /journals/j1': (call) => [200, aJournal(call.body as object)],
    });
    const user = userEvent.setup();
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Evening pages');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(currentPath()).toBe('/journals/j1'));
    expect(toastTexts()).toContain('Journal updated successfully');
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: { title: 'Evening pages', description: 'First thing, every day', template: '' },
      }),
    ]);
  });

  it('says the journal could not be updated and stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderEdit({ 'PUT /journals/j1': [500, { message: 'boom' }] });
    const user = userEvent.setup();
    await user.type(field('Description'), ' and more');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toastTexts()).toEqual(["Couldn't update journal"]));
    expect(currentPath()).toBe('/journals/j1/edit');
  });

  it('says the journal could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'GET /journals/j1': [500, { message: 'boom' }] });
    renderJournals('/journals/j1/edit');
    await waitFor(() => expect(toastTexts()).toEqual(["Couldn't load journal"]));
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('says Journal not found for an unknown or foreign journal', async () => {
    fakeApi({});
    renderJournals('/journals/nope/edit');
    expect(await screen.findByRole('heading', { name: 'Journal not found' })).toBeTruthy();
  });
});

describe('delete a journal', () => {
  it('names the entries that go with it', () => {
    expect(deleteQuestion(0)).toBe('Delete this journal?');
    expect(deleteQuestion(1)).toBe('Delete this journal and its 1 entry?');
    expect(deleteQuestion(12)).toBe('Delete this journal and its 12 entries?');
  });

  it('asks first, and Cancel deletes nothing', async () => {
    const api = await renderEdit();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Delete journal/ }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete this journal and its 3 entries?',
    });
    expect(dialog.textContent).toContain('This is irreversible and permanent');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.writes()).toEqual([]);
  });

  it('deletes it once confirmed and goes to My Journals', async () => {
    const api = await renderEdit({ 'DELETE /journals/j1': [200, { message: 'Journal deleted' }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Delete journal/ }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentPath()).toBe('/journals'));
    expect(toastTexts()).toContain('Journal deleted');
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/journals/j1' }),
    ]);
  });

  it('says so when the journal cannot be deleted', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderEdit({ 'DELETE /journals/j1': [500, { message: 'boom' }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Delete journal/ }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toEqual(["Couldn't delete journal"]));
    expect(currentPath()).toBe('/journals/j1/edit');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the saved template and saves a change of it alone', async () => {
    const api = await renderEdit({
      'GET /journals/j1': [200, aJournal({ template: '## Today\n' })],
      'PUT /journals/j1': [200, aJournal({ template: '## Today\n\nWeather:' })],
    });
    const user = userEvent.setup();
    const template = screen.getByLabelText(/Default template/) as HTMLTextAreaElement;
    expect(template.value).toBe('## Today\n');
    await user.type(template, '{End}\nWeather:');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(currentPath()).toBe('/journals/j1'));
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        body: {
          title: 'Morning pages',
          description: 'First thing, every day',
          template: '## Today\n\nWeather:',
        },
      }),
    ]);
  });
});
