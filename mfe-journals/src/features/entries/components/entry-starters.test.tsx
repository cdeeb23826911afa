import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_TEMPLATES, promptOfTheDay } from '@dayframe/contracts';
import { EntryStarters } from './entry-starters.tsx';

afterEach(cleanup);

function Form({ date, start = '' }: { date: string; start?: string }) {
  const [content, setContent] = useState(start);
  return (
    <>
      <EntryStarters
        date={date}
        content={content}
        onContentChange={setContent}
        journalTemplate={'## Our own\n\n- '}
      />
      <textarea aria-label="Content" value={content} onChange={(e) => setContent(e.target.value)} />
    </>
  );
}

const content = () => (screen.getByLabelText('Content') as HTMLTextAreaElement).value;
const gratitude = BUILT_IN_TEMPLATES.find((t) => t.name === 'Gratitude')!.content;

describe('the entry starters', () => {
  it("show the date's prompt, shuffle to the next and quote it at the top of the content", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Form date="2026-11-20" start="Walked home." />);
    const prompt = () => document.querySelector('[data-prompt]')!.textContent;
    expect(screen.getByRole('region', { name: 'Prompt of the day' })).toBeTruthy();
    expect(prompt()).toBe(promptOfTheDay('2026-11-20'));
    await user.click(screen.getByRole('button', { name: 'Shuffle: show another prompt' }));
    expect(prompt()).toBe(promptOfTheDay('2026-11-20', 1));
    expect(prompt()).not.toBe(promptOfTheDay('2026-11-20'));
    await user.click(screen.getByRole('button', { name: 'Use prompt' }));
    expect(content()).toBe(`> ${promptOfTheDay('2026-11-20', 1)}\n\nWalked home.`);
    // Another day starts at its own prompt; a half-typed date asks today's, never throws.
    rerender(<Form date="2026-11-21" />);
    expect(prompt()).toBe(promptOfTheDay('2026-11-21'));
    rerender(<Form date="" />);
    expect(prompt()).toBeTruthy();
  });

  it('fill an empty editor with a template at once and ask before replacing typed text', async () => {
    const user = userEvent.setup();
    render(<Form date="2026-11-20" />);
    const select = screen.getByLabelText('Use a template');
    const use = screen.getByRole('button', { name: 'Use template' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Choose a template…',
      "This journal's template",
      'Daily reflection',
      'Gratitude',
      'Weekly review',
      'Travel day',
    ]);
    await user.selectOptions(select, "This journal's template");
    await user.click(use);
    expect(content()).toBe('## Our own\n\n- ');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.type(screen.getByLabelText('Content'), 'mine');
    await user.selectOptions(select, 'Gratitude');
    await user.click(use);
    const ask = screen.getByRole('alertdialog', { name: 'Replace what you wrote?' });
    await user.click(screen.getByRole('button', { name: 'Keep my text' }));
    expect(ask.isConnected && screen.queryByRole('alertdialog')).toBeFalsy();
    expect(content()).toBe('## Our own\n\n- mine');
    await user.click(use);
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(content()).toBe(gratitude);
  });
});
