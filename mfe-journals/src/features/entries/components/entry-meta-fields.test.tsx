import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EntryMetaFields } from './entry-meta-fields.tsx';
import { metaOf, NO_META, type EntryMeta } from './entry-meta.ts';

/** The fields in a form, with what they hold now readable after each step. */
function renderFields(start: EntryMeta = NO_META, content = '') {
  const held: { meta: EntryMeta; submitted: number } = { meta: start, submitted: 0 };
  function Form() {
    const [meta, setMeta] = useState(start);
    const [text, setText] = useState(content);
    held.meta = meta;
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          held.submitted += 1;
        }}
      >
        <textarea aria-label="Content" value={text} onChange={(e) => setText(e.target.value)} />
        <EntryMetaFields value={meta} onChange={setMeta} title="" content={text} />
      </form>
    );
  }
  render(<Form />);
  return held;
}

const tagBox = () => screen.getByRole('textbox', { name: 'Tags' }) as HTMLInputElement;
const chips = () =>
  screen.queryByRole('list', { name: 'Chosen tags' })
    ? within(screen.getByRole('list', { name: 'Chosen tags' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent)
    : [];

afterEach(cleanup);

describe('the tag and mood fields', () => {
  it('adds a chip on Enter, comma and space, normalised, and never sends the form on Enter', async () => {
    const held = renderFields();
    const user = userEvent.setup();
    await user.type(tagBox(), 'Travel{Enter}#Rome,food ');
    expect(chips()).toEqual(['#travel', '#rome', '#food']);
    expect(held.meta.tags).toEqual(['travel', 'rome', 'food']);
    expect(tagBox().value).toBe('');
    expect(held.submitted).toBe(0);
  });

  it('removes a chip by its button and the last one by Backspace in the empty box', async () => {
    const held = renderFields({ tags: ['travel', 'rome', 'food'], mood: null });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove tag rome' }));
    expect(held.meta.tags).toEqual(['travel', 'food']);
    await user.click(tagBox());
    await user.keyboard('{Backspace}');
    expect(held.meta.tags).toEqual(['travel']);
  });

  it('refuses a tag that is too long, has other characters, repeats, or is the 21st, and says why', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    const held = renderFields({ tags: twenty.slice(0, 19), mood: null });
    const user = userEvent.setup();
    await user.type(tagBox(), `${'a'.repeat(33)}{Enter}`);
    expect(screen.getByText('A tag can be at most 32 characters')).toBeTruthy();
    expect(tagBox().getAttribute('aria-invalid')).toBe('true');
    await user.clear(tagBox());
    await user.type(tagBox(), 'a.b{Enter}');
    expect(screen.getByText('A tag can hold only letters, digits, - and _')).toBeTruthy();
    await user.clear(tagBox());
    await user.type(tagBox(), 'T3{Enter}');
    expect(screen.getByText('#t3 is already added')).toBeTruthy();
    await user.clear(tagBox());
    await user.type(tagBox(), 'last{Enter}more{Enter}');
    expect(screen.getByText('An entry can have at most 20 tags')).toBeTruthy();
    expect(held.meta.tags).toEqual([...twenty.slice(0, 19), 'last']);
  });

  it('shows the #words of the text as tags from the text, which count toward the 20', async () => {
    const held = renderFields();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Content'), 'Walked in #Lisbon with #tram-28, not #1');
    const fromText = screen.getByRole('list', { name: 'From your text:' });
    expect(
      within(fromText)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['#lisbon', '#tram-28']);
    // The server adds those itself: they are not sent as chips, and a chip repeating one is refused.
    expect(held.meta.tags).toEqual([]);
    await user.type(tagBox(), 'lisbon{Enter}');
    expect(screen.getByText('#lisbon is already added')).toBeTruthy();
  });

  it('a saved entry’s #word tags are not chips, so removing the word drops the tag', () => {
    expect(metaOf({ title: '', content: 'At #home', tags: ['work', 'home'], mood: 4 })).toEqual({
      tags: ['work'],
      mood: 4,
    });
  });

  it('picks a mood with five labelled toggles; the chosen one again clears it', async () => {
    const held = renderFields();
    const user = userEvent.setup();
    const mood = screen.getByRole('group', { name: 'Mood' });
    expect(
      within(mood)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Awful', 'Bad', 'Okay', 'Good', 'Great']);
    const good = within(mood).getByRole('button', { name: 'Good' });
    await user.click(good);
    expect(good.getAttribute('aria-pressed')).toBe('true');
    expect(held.meta.mood).toBe(4);
    await user.click(within(mood).getByRole('button', { name: 'Awful' }));
    expect(good.getAttribute('aria-pressed')).toBe('false');
    expect(held.meta.mood).toBe(1);
    await user.click(within(mood).getByRole('button', { name: 'Awful' }));
    expect(held.meta.mood).toBeNull();
  });
});
