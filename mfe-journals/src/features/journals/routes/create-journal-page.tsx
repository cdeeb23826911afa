import { useState, type FormEvent } from 'react';
import { LIMITS } from '@dayframe/contracts';
import {
  isApiError,
  PageHeader,
  Panel,
  quotaMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  toast,
  useDocumentTitle,
  Link,
  useNavigate,
} from '@dayframe/web-kit';
import { createJournal } from '../api/journals-calls.ts';
import { JOURNALS_TEXT } from '../messages.ts';

/** Spec §2 `/journals/create`: a title (required) and an optional description. */
export function CreateJournalPage() {
  useDocumentTitle('Create a Journal');
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const canCreate = title.trim().length > 0;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canCreate || busy) return;
    setBusy(true);
    try {
      await createJournal({ title: title.trim(), description: description.trim() });
      toast.success(JOURNALS_TEXT.created);
      navigate('/journals');
    } catch (error) {
      console.error('Creating a journal failed', error);
      toast.error(
        isApiError(error, 400) && error.fromServer
          ? error.message
          : (quotaMessage(error) ?? JOURNALS_TEXT.createFailed),
      );
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        back={{ to: '/journals', label: 'All journals' }}
        title="Create a Journal"
        subtitle="Give it a name now; you can change it any time."
      />
      <Panel>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            label="Title"
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={LIMITS.title}
            placeholder="e.g. Morning pages"
            aria-required="true"
            autoFocus
          />
          <TextAreaField
            label="Description"
            name="description"
            optional
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={LIMITS.description}
            rows={4}
            placeholder="What is this journal for?"
          />
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <Link to="/journals" className="btn btn-ghost">
              Cancel
            </Link>
            <SubmitButton busy={busy} disabled={!canCreate}>
              Create
            </SubmitButton>
          </div>
        </form>
      </Panel>
    </div>
  );
}
