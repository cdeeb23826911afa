import { useRef, useState, type FormEvent } from 'react';
import type { Journal } from '@dayframe/contracts';
import {
  BookIcon,
  EmptyState,
  ErrorCircleIcon,
  formatDate,
  InfoCircleIcon,
  localToday,
  PageHeader,
  PageSpinner,
  Panel,
  quotaMessage,
  SelectField,
  SubmitButton,
  toast,
  useDocumentTitle,
  useLoad,
  useSubmit,
  Link,
} from '@dayframe/web-kit';
import { listJournals } from '../../journals/mod.ts';
import { createEntry, getEntryOn, updateEntry } from '../api/entries-calls.ts';
import { ENTRIES_TEXT } from '../messages.ts';
import { DateField, TitleField } from '../../../shared/fields.tsx';
import { LazyMarkdownEditor } from '../components/lazy-markdown-editor.tsx';
import { EntryMetaFields } from '../components/entry-meta-fields.tsx';
import { metaOf, NO_META } from '../components/entry-meta.ts';
import { EntryStarters } from '../components/entry-starters.tsx';

/**
 * The form of quick entry. One entry per journal and day: when the chosen day already has one it
 * is loaded and saving updates it (spec §4); otherwise saving creates it.
 */
function QuickEntryForm({ journals }: { journals: Journal[] }) {
  const [journalId, setJournalId] = useState(journals[0]!._id);
  const [date, setDate] = useState(() => localToday());
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [meta, setMeta] = useState(NO_META);
  const { busy, submit } = useSubmit();
  // Whether the fields hold a loaded entry (rather than a draft being typed).
  const showingEntry = useRef(false);
  // A day with no entry starts from its journal's template; while that text is untouched,
  // choosing another journal or day starts again from the template then in force.
  const template = journals.find((journal) => journal._id === journalId)?.template ?? '';
  const startedFrom = useRef('');

  // The chosen day's entry, if it has one. Its fields are filled when it arrives (a load that
  // newer choices replaced fills nothing); a failed lookup leaves a form that creates.
  const lookup = useLoad(
    async (signal) => {
      if (!date) return null;
      const entry = await getEntryOn(journalId, date, signal);
      if (signal.aborted) return entry;
      if (entry) {
        setTitle(entry.title);
        setContent(entry.content);
        setMeta(metaOf(entry));
      } else if (showingEntry.current || content === startedFrom.current) {
        // Another day's entry must not be saved as this day's; a draft being typed is kept.
        if (showingEntry.current) {
          setTitle('');
          setMeta(NO_META);
        }
        setContent(template);
        startedFrom.current = template;
      }
      showingEntry.current = entry !== null;
      return entry;
    },
    [journalId, date],
    {
      onError: (error) => {
        console.error("Loading the day's entry failed", error);
        toast.error(ENTRIES_TEXT.loadFailed);
      },
    },
  );
  const looking = lookup.state.status === 'loading';

  const existing = lookup.state.status === 'ready' ? lookup.state.data : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || looking) return;
    if (!title.trim() || !content.trim()) {
      toast.error(ENTRIES_TEXT.quickMissing);
      return;
    }
    if (!date) {
      toast.error(ENTRIES_TEXT.dateMissing);
      return;
    }
    const body = { title: title.trim(), content, ...meta };
    void submit(
      () =>
        existing
          ? updateEntry(journalId, existing._id, body)
          : createEntry(journalId, { ...body, date }),
      {
        success: existing ? ENTRIES_TEXT.quickUpdated : ENTRIES_TEXT.created,
        failure: (error) =>
          existing
            ? ENTRIES_TEXT.quickUpdateFailed
            : (quotaMessage(error) ?? ENTRIES_TEXT.createFailed),
        onSuccess: (saved) => {
          showingEntry.current = true;
          lookup.setData(saved);
        },
      },
    );
  }

  const journalPath = `/journals/${encodeURIComponent(journalId)}`;
  return (
    <Panel>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={looking}>
        <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
          <SelectField
            label="Journal"
            name="journal"
            value={journalId}
            onChange={(e) => setJournalId(e.target.value)}
          >
            {journals.map((journal) => (
              <option key={journal._id} value={journal._id}>
                {journal.title.trim() || ENTRIES_TEXT.untitledJournal}
              </option>
            ))}
          </SelectField>
          <DateField value={date} onChange={setDate} />
        </div>
        <p
          aria-live="polite"
          className="flex min-h-6 items-center gap-2 text-sm text-base-content/70"
        >
          {looking ? (
            <>
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              Looking for an entry on this day…
            </>
          ) : existing ? (
            <>
              <InfoCircleIcon className="size-4 text-primary" />
              <span>
                You already wrote on {formatDate(existing.date)}; saving updates that entry.{' '}
                <Link
                  className="link link-primary"
                  to={`${journalPath}/entries/${encodeURIComponent(existing._id)}`}
                >
                  Open it
                </Link>
              </span>
            </>
          ) : (
            <>
              <InfoCircleIcon className="size-4" />
              {date ? `Nothing written on ${formatDate(date)} yet.` : 'Pick a day.'}
            </>
          )}
        </p>
        <TitleField value={title} onChange={setTitle} placeholder="Give the day a name" required />
        {existing ? null : (
          <EntryStarters
            date={date}
            content={content}
            onContentChange={setContent}
            journalTemplate={template}
          />
        )}
        <LazyMarkdownEditor
          value={content}
          onChange={setContent}
          rows={10}
          placeholder="What happened today?"
        />
        <EntryMetaFields value={meta} onChange={setMeta} title={title} content={content} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-end">
          <SubmitButton busy={busy} disabled={looking} className="sm:min-w-36">
            {existing ? 'Update Entry' : 'Add Entry'}
          </SubmitButton>
        </div>
      </form>
    </Panel>
  );
}

/** Spec §2 `/entry`: quick entry into any journal. */
export function QuickEntryPage() {
  useDocumentTitle('New Entry');
  const { state, retry } = useLoad((signal) => listJournals(signal), [], {
    onError: (error) => {
      console.error('Loading journals failed', error);
      toast.error(ENTRIES_TEXT.journalsFailed);
    },
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="New Entry" subtitle="Write about your day, in any journal." />
      {state.status === 'loading' ? <PageSpinner label="Loading journals…" /> : null}
      {state.status === 'error' ? (
        <EmptyState
          role="alert"
          tone="error"
          icon={ErrorCircleIcon}
          title={ENTRIES_TEXT.journalsFailed}
          action={
            <button type="button" className="btn btn-outline" onClick={retry}>
              Try again
            </button>
          }
        />
      ) : null}
      {state.status === 'ready' && state.data.length === 0 ? (
        <EmptyState
          icon={BookIcon}
          title={ENTRIES_TEXT.noJournals}
          text="Entries live in journals. Create one, then come back to write."
          action={
            <Link to="/journals" className="btn btn-primary">
              Create Journal
            </Link>
          }
        />
      ) : null}
      {state.status === 'ready' && state.data.length > 0 ? (
        <QuickEntryForm journals={state.data} />
      ) : null}
    </div>
  );
}
