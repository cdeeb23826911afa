import { useId, useState, type FormEvent } from 'react';
import type { Passkey } from '@dayframe/contracts';
import {
  ConfirmDialog,
  KeyIcon,
  PencilIcon,
  PlusIcon,
  SubmitButton,
  TextField,
  TrashIcon,
  toast,
  useSubmit,
} from '@dayframe/web-kit';
import {
  addPasskey,
  passkeyRegisterOptions,
  removePasskey,
  renamePasskey,
} from '../api/sign-in-security-calls.ts';
import { guessDeviceName } from '../device-name.ts';
import { serverMessage } from '../messages.ts';
import { SECURITY_TEXT, addedOn, lastUsed } from '../sign-in-security-text.ts';
import { PASSKEY_NAME_MAX } from '@dayframe/contracts';

/** Made here, in this browser: options (after step-up), the browser's prompt, then saved. */
async function makePasskey(name: string): Promise<Passkey | null> {
  const { challenge, options } = await passkeyRegisterOptions();
  const { createPasskey, passkeysSupported } = await import('@dayframe/web-kit/passkeys');
  if (!passkeysSupported()) throw new Error(SECURITY_TEXT.passkeysUnsupported);
  const response = await createPasskey(options);
  if (!response) return null; // the person closed the browser's prompt
  return addPasskey({ challenge, name, response });
}

/**
 * The passkeys of Settings → Sign-in and security: each with its name, when it was added and
 * last used; add one (named, the name guessed from this browser), rename one in place, remove
 * one after a question. Adding and removing ask "Confirm it's you" first (the server wants it).
 */
export function PasskeyList({
  passkeys,
  onChange,
}: {
  passkeys: Passkey[];
  onChange: (passkeys: Passkey[]) => void;
}) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const { busy, submit } = useSubmit();
  const headingId = useId();

  function startAdding() {
    setName(guessDeviceName());
    setAdding(true);
  }

  function onAdd(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return void toast.error(SECURITY_TEXT.passkeyNameMissing);
    void submit(() => makePasskey(name.trim()), {
      failure: (error) =>
        error instanceof Error && error.message === SECURITY_TEXT.passkeysUnsupported
          ? error.message
          : serverMessage(error, SECURITY_TEXT.passkeyAddFailed),
      onSuccess: (added) => {
        if (!added) return;
        toast.success(SECURITY_TEXT.passkeyAdded);
        onChange([...passkeys, added]);
        setAdding(false);
      },
    });
  }

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id={headingId} className="font-semibold">
            Passkeys
          </h3>
          <p className="mt-1 text-sm text-base-content/70">{SECURITY_TEXT.passkeysIntro}</p>
        </div>
        {adding ? null : (
          <button type="button" className="btn btn-outline btn-sm shrink-0" onClick={startAdding}>
            <PlusIcon className="size-4" />
            Add a passkey
          </button>
        )}
      </div>
      {adding ? (
        <form
          noValidate
          onSubmit={onAdd}
          aria-label="Add a passkey"
          className="mt-4 flex flex-col gap-3 rounded-box border border-base-300/70 bg-base-200/40 p-4 sm:flex-row sm:items-end"
        >
          <div className="min-w-0 flex-1">
            <TextField
              label="Passkey name"
              name="passkey-name"
              autoComplete="off"
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              hint="So you can tell your passkeys apart."
              autoFocus
            />
          </div>
          <div className="flex gap-2 sm:mb-6">
            <button
              type="button"
              className="btn btn-ghost flex-1 sm:flex-none"
              onClick={() => setAdding(false)}
              disabled={busy}
            >
              Cancel
            </button>
            <SubmitButton busy={busy} className="flex-1 sm:flex-none">
              Create passkey
            </SubmitButton>
          </div>
        </form>
      ) : null}
      {passkeys.length === 0 ? (
        <p className="mt-4 text-sm text-base-content/60">{SECURITY_TEXT.noPasskeys}</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-4 divide-y divide-base-300/70">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRenamed={(renamed) =>
                onChange(passkeys.map((p) => (p.id === renamed.id ? renamed : p)))
              }
              onRemoved={() => onChange(passkeys.filter((p) => p.id !== passkey.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function PasskeyRow({
  passkey,
  onRenamed,
  onRemoved,
}: {
  passkey: Passkey;
  onRenamed: (passkey: Passkey) => void;
  onRemoved: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [removing, setRemoving] = useState(false);
  const rename = useSubmit();
  const remove = useSubmit();

  function onRename(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return void toast.error(SECURITY_TEXT.passkeyNameMissing);
    if (name.trim() === passkey.name) return setRenaming(false);
    void rename.submit(() => renamePasskey(passkey.id, name.trim()), {
      success: SECURITY_TEXT.passkeyRenamed,
      failure: (error) => serverMessage(error, SECURITY_TEXT.passkeyRenameFailed),
      onSuccess: (renamed) => {
        onRenamed(renamed);
        setRenaming(false);
      },
    });
  }

  function onRemove() {
    void remove.submit(() => removePasskey(passkey.id), {
      success: (answer) => answer?.message ?? SECURITY_TEXT.passkeyRemoved,
      failure: (error) => serverMessage(error, SECURITY_TEXT.passkeyRemoveFailed),
      onError: () => setRemoving(false),
      onSuccess: onRemoved,
    });
  }

  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <span className="hidden size-9 shrink-0 place-items-center rounded-full bg-base-200 text-base-content/70 sm:grid">
        <KeyIcon className="size-4" />
      </span>
      {renaming ? (
        <form noValidate onSubmit={onRename} className="flex min-w-0 flex-1 items-end gap-2">
          <div className="min-w-0 flex-1">
            <TextField
              label={`New name for ${passkey.name}`}
              name="passkey-name"
              autoComplete="off"
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              className="input-sm"
              autoFocus
            />
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => {
              setName(passkey.name);
              setRenaming(false);
            }}
            disabled={rename.busy}
          >
            Cancel
          </button>
          <SubmitButton busy={rename.busy} className="btn-sm">
            Save
          </SubmitButton>
        </form>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{passkey.name}</p>
            <p className="text-sm text-base-content/70">
              {addedOn(passkey.createdAt)} · {lastUsed(passkey.lastUsedAt)}
            </p>
          </div>
          <div className="flex shrink-0 gap-1">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setRenaming(true)}
              aria-label={`Rename ${passkey.name}`}
            >
              <PencilIcon className="size-4" />
              Rename
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm text-error"
              onClick={() => setRemoving(true)}
              aria-label={`Remove ${passkey.name}`}
            >
              <TrashIcon className="size-4" />
              Remove
            </button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={removing}
        title={`Remove "${passkey.name}"?`}
        danger
        busy={remove.busy}
        confirmLabel="Remove passkey"
        onConfirm={onRemove}
        onCancel={() => setRemoving(false)}
      >
        You will no longer be able to sign in with it. The passkey stays on your device until you
        delete it there too.
      </ConfirmDialog>
    </li>
  );
}
