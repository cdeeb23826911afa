import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_TEMPLATES } from '@dayframe/contracts';
import { fakeApi, currentPath, toastTexts } from '@dayframe/web-kit/testing';
import { aJournal, renderJournals } from '../../../testing/journals-fixtures.tsx';

function createButton() {
  return screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
}

describe('create a journal', () => {
  it('enables Create only for a non-blank title', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderJournals('/journals/create');
    expect(createButton().disabled).toBe(true);
    await user.type(screen.getByLabelText('Title'), '   ');
    expect(createButton().disabled).toBe(true);
    await user.type(screen.getByLabelText(/Description/), 'only a description');
    expect(createButton().disabled).toBe(true);
    // Enter in the title field does not get round the rule either.
    await user.type(screen.getByLabelText('Title'), '{Enter}');
    expect(api.writes()).toEqual([]);
    await user.type(screen.getByLabelText('Title'), 'Dreams');
    expect(createButton().disabled).toBe(false);
  });

  it('creates the journal with a trimmed title and optional description, then goes to My Journals', async () => {
    const api = fakeApi({
      'POST /journals': [201, aJournal()],
      'GET /journals': [200, [aJournal({ title: 'Dreams' })]],
    });
    const user = userEvent.setup();
    renderJournals('/journals/create');
    await user.type(screen.getByLabelText('Title'), '  Dreams ');
    await user.click(createButton());
    await waitFor(() => expect(currentPath()).toBe('/journals'));
    expect(toastTexts()).toEqual(['Journal created']);
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: { title: 'Dreams', description: '' },
      }),
    ]);
  });

  it('sends the description when one is written', async () => {
    const api = fakeApi({ 'POST /journals': [201, aJournal()], 'GET /journals': [200, []] });
    const user = userEvent.setup();
    renderJournals('/journals/create');
    await user.type(screen.getByLabelText('Title'), 'Dreams');
    await user.type(screen.getByLabelText(/Description/), 'What I remember');
    await user.click(createButton());
    await waitFor(() => expect(currentPath()).toBe('/journals'));
    expect(api.writes()[0]?.body).toEqual({ title: 'Dreams', description: 'What I remember' });
  });

  it('stays on the form and says so when the journal cannot be created', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ 'POST /journals': [500, { message: 'boom' }] });
    const user = userEvent.setup();
    renderJournals('/journals/create');
    await user.type(screen.getByLabelText('Title'), 'Dreams');
    await user.click(createButton());
    await waitFor(() => expect(toastTexts()).toEqual(["Couldn't create journal"]));
    expect(currentPath()).toBe('/journals/create');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Dreams');
  });

  it('Cancel goes back to My Journals without creating anything', async () => {
    const api = fakeApi({ 'GET /journals': [200, []] });
    const user = userEvent.setup();
    renderJournals('/journals/create');
    await user.type(screen.getByLabelText('Title'), 'Dreams');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(currentPath()).toBe('/journals');
    expect(api.writes()).toEqual([]);
  });

  it('keeps the landing page link /journals/new working', () => {
    fakeApi({});
    renderJournals('/journals/new');
    expect(currentPath()).toBe('/journals/create');
    expect(screen.getByRole('heading', { level: 1, name: 'Create a Journal' })).toBeTruthy();
  });

  it('starts the default template from a built-in one and sends it with the journal', async () => {
    const api = fakeApi({
      'POST /journals': [201, aJournal()],
      'GET /journals': [200, []],
    });
    const user = userEvent.setup();
    renderJournals('/journals/create');
    const template = screen.getByLabelText(/Default template/) as HTMLTextAreaElement;
    expect(template.value).toBe('');
    await user.selectOptions(screen.getByLabelText('Start from a built-in template'), 'Travel day');
    await user.click(screen.getByRole('button', { name: 'Use template' }));
    const travel = BUILT_IN_TEMPLATES.find((t) => t.name === 'Travel day')!.content;
    expect(template.value).toBe(travel);
    // Over text of one's own, a built-in template asks first.
    await user.type(template, ' Lisbon');
    await user.selectOptions(screen.getByLabelText('Start from a built-in template'), 'Gratitude');
    await user.click(screen.getByRole('button', { name: 'Use template' }));
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(template.value).toBe(`${travel} Lisbon`);
    await user.type(screen.getByLabelText('Title'), 'Trips');
    await user.click(createButton());
    await waitFor(() => expect(currentPath()).toBe('/journals'));
    expect(api.writes()).toEqual([
      expect.objectContaining({
        body: { title: 'Trips', description: '', template: `${travel} Lisbon` },
      }),
    ]);
  });
});
