import { useRef, useState } from 'react';
import { type ApiError, ConfirmDialog, isApiError, TextField, useSubmit } from '@dayframe/web-kit';
import { renameTag } from '../api/tags-calls.ts';
import { TAGS_TEXT } from '../messages.ts';

/** A 4xx answer with the server's own words, which say what to fix. */
const refusal = (error: unknown): error is ApiError =>
  isApiError(error) && error.status >= 400 && error.status < 500 && error.fromServer;

/**
 * Asks for a tag's new name and renames it. The server's refusal (a name that is not a tag, an
 * entry that would grow too long) is shown under the field, where the name can be fixed.
 */
export function RenameTagDialog({
  tag,
  onRenamed,
  onCancel,
}: {
  tag: string;
  onRenamed: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(tag);
  const [refused, setRefused] = useState('');
  // The field's box: TextField keeps its input to itself, so focus finds it inside.
  const box = useRef<HTMLDivElement>(null);
  const { busy, submit } = useSubmit();

  function onConfirm() {
    const to = name.trim().replace(/^#/, '');
    if (!to || to.toLowerCase() === tag) {
      onCancel();
      return;
    }
    void submit(() => renameTag(tag, to), {
      success: (answer) => TAGS_TEXT.renamed(answer.tag),
      // A refusal is said under the field; anything else as a toast.
      failure: (error) => (refusal(error) ? null : TAGS_TEXT.renameFailed),
      onError: (error) => {
        if (refusal(error)) {
          setRefused(error.message);
          box.current?.querySelector('input')?.focus();
        }
      },
      onSuccess: onRenamed,
    });
  }

  return (
    <ConfirmDialog
      open
      busy={busy}
      title={TAGS_TEXT.renameTitle(tag)}
      confirmLabel="Rename"
      onConfirm={onConfirm}
      onCancel={onCancel}
      field={
        <div ref={box} className="mt-4">
          <TextField
            autoFocus
            label={TAGS_TEXT.newName}
            value={name}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={refused ? true : undefined}
            hint={refused ? <span className="font-medium text-error">{refused}</span> : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setRefused('');
            }}
          />
        </div>
      }
    >
      {TAGS_TEXT.renameText}
    </ConfirmDialog>
  );
}
