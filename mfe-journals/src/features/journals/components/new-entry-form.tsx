import { useState, type FormEvent } from 'react';
import type { Entry } from '@dayframe/contracts';
import { localToday, quotaMessage, SubmitButton, toast, useSubmit } from '@dayframe/web-kit';
import {
  createEntry,
  EntryMetaFields,
  EntryStarters,
  LazyMarkdownEditor,
  NO_META,
} from '../../entries/mod.ts';
import { DateField, TitleField } from '../../../shared/fields.tsx';
import { JOURNALS_TEXT } from '../messages.ts';

/**
 * The journal page's New Entry form (spec §2). Content is the one required field (spec §5); the
 * date starts at the writer's local today, not the server's; the content at the journal's template.
 */
export function NewEntryForm({
  journalId,
  template = '',
  onCreated,
  onCancel,
}: {
  journalId: string;
  /** The journal's default template: the content starts as it. */
  template?: string;
  onCreated: (entry: Entry) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(() => localToday());
  const [content, setContent] = useState(template);
  const [meta, setMeta] = useState(NO_META);
  const { busy, submit } = useSubmit();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!content.trim()) {
      toast.error(JOURNALS_TEXT.entryMissing);
      return;
    }
    if (!date) {
      toast.error(JOURNALS_TEXT.entryDateMissing);
      return;
    }
    void submit(() => createEntry(journalId, { title: title.trim(), content, date, ...meta }), {
      success: JOURNALS_TEXT.entryCreated,
      failure: (error) => quotaMessage(error) ?? JOURNALS_TEXT.entryCreateFailed,
      onSuccess: onCreated,
    });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="New Entry"
      className="rounded-box border border-base-300/70 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
        <TitleField value={title} onChange={setTitle} placeholder="Give the day a name" autoFocus />
        <DateField value={date} onChange={setDate} />
      </div>
      <div className="mt-5 space-y-4">
        <EntryStarters
          date={date}
          content={content}
          onContentChange={setContent}
          journalTemplate={template}
        />
        <LazyMarkdownEditor
          value={content}
          onChange={setContent}
          rows={6}
          placeholder="What happened today?"
          date={date}
          onDateChange={setDate}
        />
      </div>
      <div className="mt-5">
        <EntryMetaFields value={meta} onChange={setMeta} title={title} content={content} />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <SubmitButton busy={busy}>Add Entry</SubmitButton>
      </div>
    </form>
  );
}
