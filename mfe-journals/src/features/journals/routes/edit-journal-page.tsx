import { useState, type FormEvent } from 'react';
import type { Journal } from '@dayframe/contracts';
import {
  BackLink,
  ErrorState,
  isApiError,
  PageHeader,
  PageSpinner,
  Panel,
  SubmitButton,
  toast,
  useDocumentTitle,
  useLoad,
  useSubmit,
  Link,
  useNavigate,
  useParams,
} from '@dayframe/web-kit';
import { getJournal, updateJournal } from '../api/journals-calls.ts';
import { DeleteJournal } from '../components/delete-journal.tsx';
import { TemplateField } from '../components/template-field.tsx';
import { JOURNALS_TEXT } from '../messages.ts';
import { JournalNotFound } from '../components/journal-not-found.tsx';
import { DescriptionField, TitleField } from '../../../shared/fields.tsx';

function EditJournalForm({ journal, onSaved }: { journal: Journal; onSaved: () => void }) {
  const [title, setTitle] = useState(journal.title);
  const [description, setDescription] = useState(journal.description);
  const [template, setTemplate] = useState(journal.template);
  const { busy, submit } = useSubmit();
  const backTo = `/journals/${encodeURIComponent(journal._id)}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next = { title: title.trim(), description: description.trim(), template };
    if (!next.title || !next.description) {
      toast.error(JOURNALS_TEXT.editMissing);
      return;
    }
    if (
      next.title === journal.title.trim() &&
      next.description === journal.description.trim() &&
      template === journal.template
    ) {
      toast.error(JOURNALS_TEXT.editUnchanged);
      return;
    }
    void submit(() => updateJournal(journal._id, next), {
      success: JOURNALS_TEXT.updated,
      failure: JOURNALS_TEXT.updateFailed,
      onSuccess: onSaved,
    });
  }

  return (
    <Panel>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TitleField value={title} onChange={setTitle} required />
        <DescriptionField value={description} onChange={setDescription} required />
        <TemplateField value={template} onChange={setTemplate} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Link to={backTo} className="btn btn-ghost">
            Back
          </Link>
          <SubmitButton busy={busy}>Update</SubmitButton>
        </div>
      </form>
    </Panel>
  );
}

/**
 * Spec §2 `/journals/:id/edit`: title and description (both required, spec §5), the optional
 * default template (issue 25), and delete.
 */
export function EditJournalPage() {
  useDocumentTitle('Edit Journal');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state, retry } = useLoad((signal) => getJournal(id, signal), [id], {
    onError: (error) => {
      if (isApiError(error, 404)) return;
      console.error('Loading a journal failed', error);
      toast.error(JOURNALS_TEXT.editLoadFailed);
    },
  });

  if (state.status === 'loading') return <PageSpinner label="Loading journal…" />;
  if (state.status === 'error') {
    if (isApiError(state.error, 404)) return <JournalNotFound />;
    return (
      <div>
        <BackLink to="/journals">All journals</BackLink>
        <ErrorState
          title={JOURNALS_TEXT.editLoadFailed}
          text="Check your connection and try again."
          onRetry={retry}
        />
      </div>
    );
  }

  const journal = state.data;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Edit Journal"
        subtitle="Rename it, change what it is for or how its entries start."
      />
      <EditJournalForm
        journal={journal}
        onSaved={() => navigate(`/journals/${encodeURIComponent(journal._id)}`)}
      />
      <DeleteJournal journal={journal} />
    </div>
  );
}
