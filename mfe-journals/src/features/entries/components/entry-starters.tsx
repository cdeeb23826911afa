import { useId, useState } from 'react';
import { BUILT_IN_TEMPLATES, isCalendarDate, promptOfTheDay } from '@dayframe/contracts';
import { ConfirmDialog, localToday } from '@dayframe/web-kit';
import { STARTERS_TEXT } from '../messages.ts';

const JOURNAL_TEMPLATE = 'journal';

export type EntryStartersProps = {
  /** The entry's day: the prompt is that day's (any day that is not a date asks today's). */
  date: string;
  content: string;
  onContentChange: (content: string) => void;
  /** The journal's own default template, offered first; '' when it has none. */
  journalTemplate?: string;
};

/** The prompt as a line of the entry: a quote, with a blank line before what follows. */
export function promptLine(prompt: string, content: string): string {
  return content.trim() ? `> ${prompt}\n\n${content}` : `> ${prompt}\n\n`;
}

/**
 * What sits above a new entry's editor: the prompt of the day (Shuffle for another, Use prompt to
 * quote it at the top of the content) and "Use a template" (the journal's own and the built-in
 * ones), which fills an empty editor at once and asks before replacing typed text.
 */
export function EntryStarters({
  date,
  content,
  onContentChange,
  journalTemplate = '',
}: EntryStartersProps) {
  const headingId = useId();
  // Shuffles count per day: another date starts again at its own prompt of the day.
  const [shuffle, setShuffle] = useState({ date, turns: 0 });
  const turns = shuffle.date === date ? shuffle.turns : 0;
  const prompt = promptOfTheDay(isCalendarDate(date) ? date : localToday(), turns);
  const [chosen, setChosen] = useState('');
  const [replacing, setReplacing] = useState<string | null>(null);
  const hasJournalTemplate = journalTemplate.trim() !== '';

  function templateText(id: string): string {
    if (id === JOURNAL_TEMPLATE) return journalTemplate;
    return BUILT_IN_TEMPLATES.find((template) => template.id === id)?.content ?? '';
  }

  function applyTemplate() {
    const text = templateText(chosen);
    if (!text) return;
    if (content.trim() && content !== text) setReplacing(text);
    else onContentChange(text);
  }

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-box border border-base-300/70 bg-base-200/40 p-4 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <div className="min-w-0">
        <h3
          id={headingId}
          className="text-xs font-semibold tracking-wide text-base-content/70 uppercase"
        >
          {STARTERS_TEXT.promptTitle}
        </h3>
        <p aria-live="polite" className="mt-1 font-medium leading-snug" data-prompt>
          {prompt}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={STARTERS_TEXT.shuffleLabel}
            onClick={() => setShuffle({ date, turns: turns + 1 })}
          >
            {STARTERS_TEXT.shuffle}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => onContentChange(promptLine(prompt, content))}
          >
            {STARTERS_TEXT.usePrompt}
          </button>
        </div>
      </div>
      <div className="flex items-end gap-2">
        <label className="min-w-0 flex-1">
          <span className="mb-1 block text-sm font-medium">{STARTERS_TEXT.template}</span>
          <select
            className="select select-sm w-full sm:w-52"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">{STARTERS_TEXT.chooseTemplate}</option>
            {hasJournalTemplate ? (
              <option value={JOURNAL_TEMPLATE}>{STARTERS_TEXT.journalTemplate}</option>
            ) : null}
            <optgroup label={STARTERS_TEXT.builtIn}>
              {BUILT_IN_TEMPLATES.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!chosen}
          onClick={applyTemplate}
        >
          {STARTERS_TEXT.useTemplate}
        </button>
      </div>
      <ConfirmDialog
        open={replacing !== null}
        title={STARTERS_TEXT.replaceTitle}
        confirmLabel={STARTERS_TEXT.replace}
        cancelLabel={STARTERS_TEXT.keep}
        onConfirm={() => {
          if (replacing !== null) onContentChange(replacing);
          setReplacing(null);
        }}
        onCancel={() => setReplacing(null)}
      >
        {STARTERS_TEXT.replaceText}
      </ConfirmDialog>
    </section>
  );
}
