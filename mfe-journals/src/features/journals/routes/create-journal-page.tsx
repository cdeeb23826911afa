import { useState, type FormEvent } from 'react';
import {
  isApiError,
  PageHeader,
  Panel,
  quotaMessage,
  SubmitButton,
  useDocumentTitle,
  useSubmit,
  Link,
  useNavigate,
} from '@dayframe/web-kit';
import { createJournal } from '../api/journals-calls.ts';
import { DescriptionField, TitleField } from '../../../shared/fields.tsx';
import { JOURNALS_TEXT } from '../messages.ts';
import { TemplateField } from '../components/template-field.tsx';

/**
 * Spec §2 `/journals/create`: a title (required), an optional description and an optional default
 * template for its entries (issue 25).
 */
export function CreateJournalPage() {
  useDocumentTitle('Create a Journal');
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [template, setTemplate] = useState('');
  const { busy, submit } = useSubmit();
  const canCreate = title.trim().length > 0;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canCreate || busy) return;
    void submit(
      () =>
        createJournal({
          title: title.trim(),
          description: description.trim(),
          // Left out when empty: a journal without a template, as before templates existed.
          ...(template.trim() ? { template } : {}),
        }),
      {
        success: JOURNALS_TEXT.created,
        failure: (error) =>
          isApiError(error, 400) && error.fromServer
            ? error.message
            : (quotaMessage(error) ?? JOURNALS_TEXT.createFailed),
        onSuccess: () => navigate('/journals'),
      },
    );
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
          <TitleField
            value={title}
            onChange={setTitle}
            placeholder="e.g. Morning pages"
            required
            autoFocus
          />
          <DescriptionField
            value={description}
            onChange={setDescription}
            placeholder="What is this journal for?"
          />
          <TemplateField value={template} onChange={setTemplate} />
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
