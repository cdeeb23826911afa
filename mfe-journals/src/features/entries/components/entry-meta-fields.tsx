import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { CloseIcon, MoodIcon, TagIcon } from '@dayframe/web-kit';
import { MOODS } from '../../../shared/moods.ts';
import { META_TEXT } from '../messages.ts';
import { addTag, tagsOfText, type EntryMeta } from './entry-meta.ts';

/** Enter, comma and space end a tag as it is typed. */
const SEPARATOR = /[\s,]+/;

/** The tag chips: the chosen ones (removable) and those the text's `#word`s give. */
function TagChips({
  tags,
  fromText,
  onChange,
}: {
  tags: string[];
  fromText: string[];
  onChange: (tags: string[]) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [refused, setRefused] = useState('');
  const shownFromText = fromText.filter((tag) => !tags.includes(tag));

  /** Adds each whole word of `words`; what stays is typed on. */
  function commit(words: string[], rest: string) {
    let next = tags;
    let why = '';
    for (const word of words) {
      const result = addTag(next, fromText, word);
      if ('refused' in result) why = result.refused;
      else next = result.tags;
    }
    if (next !== tags) onChange(next);
    setRefused(why);
    setDraft(why && words.length === 1 && !rest ? words[0]! : rest);
  }

  function onType(value: string) {
    const parts = value.split(SEPARATOR);
    if (parts.length === 1) {
      setDraft(value);
      if (refused) setRefused('');
      return;
    }
    const rest = parts.pop()!;
    commit(parts.filter(Boolean), rest);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds the tag; it must not send the form with a half-typed tag.
      event.preventDefault();
      if (draft.trim()) commit([draft], '');
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      onChange(tags.slice(0, -1));
      setRefused('');
    }
  }

  return (
    <div>
      <label
        htmlFor={`${id}-input`}
        className="mb-1.5 flex items-center gap-1.5 text-sm font-medium"
      >
        <TagIcon className="size-4 text-primary" />
        {META_TEXT.tagsLabel}
      </label>
      <div className="input flex h-auto min-h-10 w-full flex-wrap items-center gap-1.5 py-1.5 focus-within:border-primary">
        {tags.length ? (
          <ul aria-label="Chosen tags" className="flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li
                key={tag}
                className="badge gap-1 border-primary/30 bg-primary/10 py-3 pr-0.5 text-base-content"
              >
                <span>#{tag}</span>
                <button
                  type="button"
                  className="btn btn-circle btn-ghost btn-xs"
                  aria-label={META_TEXT.removeTag(tag)}
                  onClick={() => onChange(tags.filter((other) => other !== tag))}
                >
                  <CloseIcon className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={`${id}-input`}
          type="text"
          value={draft}
          placeholder={tags.length ? '' : META_TEXT.tagsPlaceholder}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="done"
          aria-invalid={refused ? true : undefined}
          aria-describedby={`${id}-hint ${id}-refused`}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => (draft.trim() ? commit([draft], '') : undefined)}
          className="min-w-24 flex-1 bg-transparent px-1"
        />
      </div>
      <p id={`${id}-refused`} role="status" className="mt-1 text-xs font-medium text-error">
        {refused}
      </p>
      {shownFromText.length ? (
        <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-base-content/70">
          <span id={`${id}-from`} className="font-medium">
            {META_TEXT.fromText}:
          </span>
          <ul aria-labelledby={`${id}-from`} className="flex flex-wrap gap-1.5">
            {shownFromText.map((tag) => (
              <li
                key={tag}
                className="badge badge-sm border-dashed border-base-content/30 bg-transparent text-base-content/80"
              >
                #{tag}
              </li>
            ))}
          </ul>
          <span className="sr-only">{META_TEXT.fromTextHint}</span>
        </div>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/60">
        {META_TEXT.tagsHint}
      </p>
    </div>
  );
}

/** Five labelled toggle buttons, each a face and its word; the chosen one again clears it. */
function MoodPicker({
  mood,
  onChange,
}: {
  mood: EntryMeta['mood'];
  onChange: (mood: EntryMeta['mood']) => void;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`}>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-medium">
        {META_TEXT.moodLabel}
      </p>
      <div className="grid grid-cols-5 gap-1.5 sm:flex sm:flex-wrap">
        {MOODS.map(({ value, word }) => {
          const chosen = mood === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChange(chosen ? null : value)}
              className={`btn h-auto min-h-11 flex-col gap-0.5 px-1 py-1.5 text-xs sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm ${
                chosen
                  ? 'btn-primary font-semibold'
                  : 'btn-ghost border-base-300 bg-base-100 font-normal'
              }`}
            >
              <MoodIcon mood={value} className="size-5 shrink-0" />
              {word}
            </button>
          );
        })}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/60">
        {META_TEXT.moodHint}
      </p>
    </div>
  );
}

/**
 * An entry's tags and mood, below the editor of every entry form. `title` and `content` are the
 * form's text: its `#word`s show as tags from the text, exactly as the server will keep them.
 */
export function EntryMetaFields({
  value,
  onChange,
  title,
  content,
}: {
  value: EntryMeta;
  onChange: (value: EntryMeta) => void;
  title: string;
  content: string;
}) {
  const fromText = useMemo(() => tagsOfText(title, content), [title, content]);
  return (
    <div className="grid gap-5">
      <TagChips
        tags={value.tags}
        fromText={fromText}
        onChange={(tags) => onChange({ ...value, tags })}
      />
      <MoodPicker mood={value.mood} onChange={(mood) => onChange({ ...value, mood })} />
    </div>
  );
}
