import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  MESSAGES,
  SIGN_IN_SECURITY_MESSAGES,
  type ConfirmResponse,
  type PasskeyRequestOptions,
  type SignInSecurity,
} from '@dayframe/contracts';
import { api } from './api-client.ts';
import { isApiError } from './api-error.ts';
import { sendCode, sendCodeErrorMessage } from './code-calls.ts';
import { CodeField } from './code-fields.tsx';
import { holdConfirmation, setConfirmationAsker } from './confirmation.ts';
import { Dialog } from './dialog.tsx';
import { TextField } from './fields.tsx';
import { KeyIcon, PhoneIcon, ShieldIcon } from './icons.tsx';
import { digitsOnly } from './new-password-rules.ts';
import { useSession } from './session.ts';
import { SubmitButton } from './submit-button.tsx';

/** The dialog's own words; the heading is the server's 403 message. */
const CONFIRM_TEXT = {
  title: MESSAGES.reauthRequired,
  byPassword: 'For your security, enter your password to go on.',
  byCode: (email: string) => `We e-mailed a 6-digit code to ${email}. Enter it to go on.`,
  emailMe: 'Email me a code',
  usePassword: 'Use my password instead',
  byApp: 'Enter the 6-digit code from your authenticator app to go on.',
  useApp: 'Use your authenticator app',
  usePasskey: 'Use a passkey',
  sending: 'Sending…',
  failed: 'Could not confirm. Try again.',
} as const;

type Method = 'password' | 'code' | 'totp';

/** The second factors this account has, for the dialog to offer (issue 28). */
type Factors = { totp: boolean; passkey: boolean };
const NO_FACTORS: Factors = { totp: false, passkey: false };

/** What the dialog says under its field for a refused answer. */
function refusal(error: unknown, method: Method): string {
  if (isApiError(error, 400, 409) && method === 'totp')
    return SIGN_IN_SECURITY_MESSAGES.invalidCode;
  if (isApiError(error, 409)) return MESSAGES.incorrectPassword;
  if (isApiError(error, 400) && method === 'code') return MESSAGES.codeInvalid;
  if (isApiError(error, 429) && error.code === 'code_attempts_exceeded')
    return MESSAGES.codeAttemptsExceeded;
  if (isApiError(error, 429)) return MESSAGES.screenTooManyAttempts;
  if (isApiError(error, 503)) return MESSAGES.screenBusy;
  if (isApiError(error) && error.fromServer && error.status < 500) return error.message;
  return CONFIRM_TEXT.failed;
}

/**
 * Puts focus back on the button whose call asked for the confirmation. That button is usually
 * disabled while its call waits (a SubmitButton is), so the dialog's own return finds it
 * disabled: try again for a moment, until the call has given up and the button is enabled,
 * unless focus has gone somewhere else meanwhile.
 */
function focusBack(element: HTMLElement | null, tries = 20) {
  if (!element?.isConnected) return;
  const lost = document.activeElement === null || document.activeElement === document.body;
  if (!lost && document.activeElement !== element) return;
  if (element.matches(':disabled')) {
    if (tries > 0) setTimeout(() => focusBack(element, tries - 1), 50);
    return;
  }
  element.focus();
}

/**
 * "Confirm it's you to continue.": the one step-up dialog of the page, mounted once beside the
 * `Toaster` (the shell, a remote's standalone page). A guarded call refused with
 * `reauth_required` opens it (see `withConfirmation`); the password, or a code it e-mails,
 * gets a confirmation that is kept in memory, and the call runs again. Cancel, Escape or the
 * backdrop close it and the call gives up quietly. Errors show under the field; focus starts
 * in the field, stays in the dialog (a modal `<dialog>`) and returns to what opened it.
 */
export function ConfirmItsYou() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [factors, setFactors] = useState<Factors>(NO_FACTORS);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const fields = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const errorId = useId();

  useEffect(
    () =>
      setConfirmationAsker(
        (from) =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            opener.current = from;
            setMethod('password');
            setPassword('');
            setCode('');
            setError(null);
            setFactors(NO_FACTORS);
            setOpen(true);
            // Issue 28: offer the authenticator app and passkeys when the account has them.
            // Asked each time the dialog opens; without an answer it offers what it always did.
            api.get<SignInSecurity>('/auth/2fa').then(
              (security) =>
                setFactors({ totp: security.totp, passkey: security.passkeys.length > 0 }),
              () => undefined,
            );
          }),
      ),
    [],
  );

  function finish(confirmed: boolean) {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
    setPassword('');
    setCode('');
    setBusy(false);
    // Once the dialog is gone (focus was inside it): then, only if nothing else took focus.
    const back = opener.current;
    if (!confirmed) setTimeout(() => focusBack(back), 0);
  }

  // Signed out meanwhile (the session ended elsewhere): there is nothing left to confirm.
  useEffect(() => {
    if (!user && open) finish(false);
  }, [user, open]);

  // A new way to answer takes focus in its field, as opening the dialog does for the first.
  useEffect(() => {
    if (open) fields.current?.querySelector('input')?.focus();
  }, [method, open]);

  async function emailMeACode() {
    if (!user || sending) return;
    setSending(true);
    setError(null);
    try {
      await sendCode(user.email);
      setCode('');
      setMethod('code');
    } catch (failure) {
      setError(sendCodeErrorMessage(failure));
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const digits = digitsOnly(code).slice(0, 6);
    const refuse = (message: string) => {
      setError(message);
      fields.current?.querySelector('input')?.focus();
    };
    if (method === 'password' && password === '') return refuse(MESSAGES.confirmMissing);
    if (method !== 'password' && digits.length !== 6) return refuse(MESSAGES.codeInvalidFormat);
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<ConfirmResponse>(
        '/auth/confirm',
        method === 'password'
          ? { password }
          : method === 'totp'
            ? { totp: digits }
            : { code: digits },
      );
      holdConfirmation(answer.confirmation, answer.expiresAt);
      finish(true);
    } catch (failure) {
      setBusy(false);
      if (method === 'password') setPassword('');
      refuse(refusal(failure, method));
    }
  }

  /** A passkey as the proof: its options, the browser's prompt, then the confirmation. */
  async function confirmWithPasskey() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const [{ getPasskey }, { challenge, options }] = await Promise.all([
        import('./passkeys.ts'),
        api.post<PasskeyRequestOptions>('/auth/passkeys/confirm-options', {}),
      ]);
      const response = await getPasskey(options);
      if (!response) return setBusy(false); // the person closed the browser's prompt
      const answer = await api.post<ConfirmResponse>('/auth/confirm', {
        passkey: { challenge, response },
      });
      holdConfirmation(answer.confirmation, answer.expiresAt);
      finish(true);
    } catch (failure) {
      setBusy(false);
      setError(
        isApiError(failure) && failure.fromServer && failure.status < 500
          ? failure.message
          : SIGN_IN_SECURITY_MESSAGES.passkeyFailed,
      );
    }
  }

  function switchTo(next: Method) {
    setError(null);
    setCode('');
    setMethod(next);
  }

  const switchLink = 'btn btn-link btn-sm h-auto min-h-0 px-0 no-underline hover:underline';
  const explanation =
    method === 'password'
      ? CONFIRM_TEXT.byPassword
      : method === 'totp'
        ? CONFIRM_TEXT.byApp
        : CONFIRM_TEXT.byCode(user?.email ?? '');
  return (
    <Dialog
      open={open}
      onClose={() => finish(false)}
      labelledBy={titleId}
      describedBy={bodyId}
      locked={busy}
      returnFocus={opener.current}
      boxClassName="sm:max-w-md"
    >
      <form noValidate onSubmit={onSubmit}>
        <div className="flex items-start gap-4">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
            <ShieldIcon className="size-6" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold leading-snug">
              {CONFIRM_TEXT.title}
            </h2>
            <p id={bodyId} className="mt-1 text-sm text-base-content/70">
              {explanation}
            </p>
          </div>
        </div>
        <div ref={fields} className="mt-5">
          {method === 'password' ? (
            <TextField
              label="Password"
              type="password"
              name="current-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          ) : (
            <CodeField
              label={method === 'totp' ? 'Code from your app' : '6-digit code'}
              value={code}
              onChange={setCode}
              invalid={error !== null}
              describedBy={error ? errorId : undefined}
            />
          )}
          {error ? (
            <p id={errorId} role="alert" className="mt-2 text-sm text-error">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
            {method === 'password' ? (
              <button
                type="button"
                className={switchLink}
                onClick={() => void emailMeACode()}
                disabled={sending || busy}
              >
                {sending ? CONFIRM_TEXT.sending : CONFIRM_TEXT.emailMe}
              </button>
            ) : (
              <button
                type="button"
                className={switchLink}
                onClick={() => switchTo('password')}
                disabled={busy}
              >
                {CONFIRM_TEXT.usePassword}
              </button>
            )}
            {factors.totp && method !== 'totp' ? (
              <button
                type="button"
                className={`${switchLink} gap-1.5`}
                onClick={() => switchTo('totp')}
                disabled={busy}
              >
                <PhoneIcon className="size-4" />
                {CONFIRM_TEXT.useApp}
              </button>
            ) : null}
            {factors.passkey ? (
              <button
                type="button"
                className={`${switchLink} gap-1.5`}
                onClick={() => void confirmWithPasskey()}
                disabled={busy}
              >
                <KeyIcon className="size-4" />
                {CONFIRM_TEXT.usePasskey}
              </button>
            ) : null}
          </div>
        </div>
        <div className="modal-action">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => finish(false)}
            disabled={busy}
          >
            Cancel
          </button>
          <SubmitButton busy={busy}>Confirm</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
