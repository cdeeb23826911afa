import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentPath, fakeApi, toastTexts } from '@dayframe/web-kit/testing';
import { anEntry, renderJournals } from '../../../testing/journals-fixtures.tsx';

const rows = () =>
  within(screen.getByRole('list', { name: 'Tags' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the Tags screen', () => {
  it('lists the tags with counts, each leading to its entries', async () => {
    fakeApi({
      'GET /tags': [
        200,
        [
          { tag: 'travel', count: 12 },
          { tag: 'rome', count: 1 },
        ],
      ],
      'GET /tags/rome/entries': [200, [anEntry({ title: 'Colosseum', tags: ['rome'], mood: 5 })]],
    });
    renderJournals('/tags');
    await waitFor(() => expect(rows()).toEqual(['#travel12 entries', '#rome1 entry']));
    await userEvent.setup().click(screen.getByRole('link', { name: /#rome/ }));
    expect(currentPath()).toBe('/tags/rome');
    expect(await screen.findByText('Colosseum')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '#rome' })).toBeTruthy();
    expect(screen.getByText('Great')).toBeTruthy();
  });

  it('says so when there are no tags', async () => {
    fakeApi({ 'GET /tags': [200, []] });
    renderJournals('/tags');
    expect(await screen.findByText('No tags yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
  });

  it('renames a tag, showing the server’s refusal under the field, then the new list', async () => {
    let renamed = false;
    const api = fakeApi({
      'GET /tags': () => [200, [{ tag: renamed ? 'trips' : 'travel', count: 2 }]],
      'PUT /tags/travel': (call) => {
        const to = (call.body as { tag: string }).tag;
        if (to === 'no way')
          return [400, { message: 'Tag "no way" must be 1–32 letters, digits, - or _' }];
        renamed = true;
        return [200, { tag: to, entries: 2 }];
      },
    });
    renderJournals('/tags');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename tag travel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Rename #travel' });
    const name = within(dialog).getByRole('textbox', { name: 'New name' });
    await user.clear(name);
    await user.type(name, 'no way{Enter}');
    expect(
      await within(dialog).findByText('Tag "no way" must be 1–32 letters, digits, - or _'),
    ).toBeTruthy();
    expect(toastTexts()).toEqual([]);
    await user.clear(name);
    await user.type(name, 'trips');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(rows()).toEqual(['#trips2 entries']));
    expect(toastTexts()).toEqual(['Tag renamed to #trips']);
    expect(api.writes().map((call) => call.body)).toEqual([{ tag: 'no way' }, { tag: 'trips' }]);
  });

  it('deletes a tag only once confirmed', async () => {
    let gone = false;
    const api = fakeApi({
      'GET /tags': () => [200, gone ? [] : [{ tag: 'travel', count: 2 }]],
      'DELETE /tags/travel': () => {
        gone = true;
        return [200, { message: 'Tag deleted', entries: 2 }];
      },
    });
    renderJournals('/tags');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete tag travel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete tag travel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete #travel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No tags yet')).toBeTruthy();
    expect(toastTexts()).toEqual(['Tag deleted']);
    expect(api.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/tags/travel' }),
    ]);
  });
});
