import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  SIGN_IN_SECURITY_MESSAGES,
  type SecondFactorMethod,
  type TwoFactorChallenge,
} from '@dayframe/contracts';
import {
  ArrowLeftIcon,
  KeyIcon,
  SubmitButton,
  TextField,
  digitsOnly,
  isApiError,
  session,
  useNavigate,
} from '@dayframe/web-kit';
import { passkeyOptionsForLogin } from '../api/auth-calls.ts';
import { limitMessage } from '../messages.ts';

export const SECOND_FACTOR_TEXT = {
  byApp: 'Enter the 6-digit code from your authenticator app.',
  byRecovery: 'Enter one of the recovery codes you saved when you set up the app.',
  byPasskey: 'Use your passkey to finish logging in.',
  appCode: 'Authentication code',
  recoveryCode: 'Recovery code',
  usePasskey: 'Use a passkey',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app',
  back: 'Back to log in',
  failed: 'Could not check the code. Try again.',
} as const;

/** The answers that end a login challenge: the person starts again from the password. */
const ENDED: readonly string[] = [
  SIGN_IN_SECURITY_MESSAGES.challengeEnded,
  SIGN_IN_SECURITY_MESSAGES.challengeExpired,
];

function endedMessage(error: unknown): string | null {
  return isApiError(error) && error.fromServer && ENDED.includes(error.message)
    ? error.message
    : null;
}

function refusal(error: unknown): string {
  if (isApiError(error) && error.fromServer && error.status < 500) return error.message;
  return limitMessage(error) ?? SECOND_FACTOR_TEXT.failed;
}

type Way = Exclude<SecondFactorMethod, 'passkey'> | 'passkey-only';

/**
 * The login's second step (issue 28), after a right password for an account with a second
 * factor: the app's code, or a recovery code, or a passkey. A wrong code says so under the
 * field; a challenge that ended (too many wrong codes, expired) goes back to the password with
 * the server's words.
 */
export function SecondFactorStep({
  challenge,
  onRestart,
}: {
  challenge: TwoFactorChallenge;
  /** Back to the password step; `message` says why when the challenge ended. */
  onRestart: (message?: string) => void;
}) {
  const navigate = useNavigate();
  const { methods } = challenge;
  const [way, setWay] = useState<Way>(methods.includes('totp') ? 'totp' : 'passkey-only');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const hasPasskey = methods.includes('passkey');

  useEffect(() => {
    field.current?.querySelector('input')?.focus();
  }, [way]);

  async function verify(call: () => ReturnType<typeof session.verifySecondFactor>) {
    setBusy(true);
    setError(null);
    try {
      const { next } = await call();
      navigate(next, { replace: true });
    } catch (failure) {
      setBusy(false);
      const ended = endedMessage(failure);
      if (ended) return onRestart(ended);
      if (!isApiError(failure) || failure.status >= 500) console.error('2FA failed', failure);
      setCode('');
      setError(refusal(failure));
      field.current?.querySelector('input')?.focus();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const typed = way === 'totp' ? digitsOnly(code) : code.trim();
    if (!typed) {
      setError(SIGN_IN_SECURITY_MESSAGES.codeMissing);
      field.current?.querySelector('input')?.focus();
      return;
    }
    void verify(() => session.verifySecondFactor({ challenge: challenge.challenge, code: typed }));
  }

  async function usePasskey() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const [{ getPasskey }, { options }] = await Promise.all([
        import('@dayframe/web-kit/passkeys'),
        passkeyOptionsForLogin(challenge.challenge),
      ]);
      const response = await getPasskey(options);
      if (!response) return setBusy(false);
      await verify(() =>
        session.verifySecondFactor({ challenge: challenge.challenge, passkey: response }),
      );
    } catch (failure) {
      setBusy(false);
      const ended = endedMessage(failure);
      if (ended) return onRestart(ended);
      console.error('Passkey check failed', failure);
      setError(isApiError(failure) ? refusal(failure) : SIGN_IN_SECURITY_MESSAGES.passkeyFailed);
    }
  }

  function switchTo(next: Way) {
    setWay(next);
    setCode('');
    setError(null);
  }

  const link = 'btn btn-link btn-sm h-auto min-h-0 justify-start px-0 no-underline hover:underline';
  const passkeyButton = hasPasskey ? (
    <button
      type="button"
      className={way === 'passkey-only' ? 'btn btn-primary w-full' : 'btn btn-outline w-full'}
      onClick={() => void usePasskey()}
      disabled={busy}
    >
      <KeyIcon className="size-4" />
      {SECOND_FACTOR_TEXT.usePasskey}
    </button>
  ) : null;

  return (
    <div className="space-y-4">
      {way === 'passkey-only' ? (
        <>
          <p className="text-sm text-base-content/70">{SECOND_FACTOR_TEXT.byPasskey}</p>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-error">
              {error}
            </p>
          ) : null}
          {passkeyButton}
        </>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-base-content/70">
            {way === 'totp' ? SECOND_FACTOR_TEXT.byApp : SECOND_FACTOR_TEXT.byRecovery}
          </p>
          <div ref={field}>
            {way === 'totp' ? (
              <TextField
                key="totp"
                label={SECOND_FACTOR_TEXT.appCode}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="123456"
                className="text-center font-mono text-lg tracking-[0.4em]"
                value={code}
                onChange={(e) => setCode(digitsOnly(e.target.value))}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            ) : (
              <TextField
                key="recovery"
                label={SECOND_FACTOR_TEXT.recoveryCode}
                name="recovery-code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={32}
                placeholder="xxxxx-xxxxx"
                className="font-mono"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            )}
            {error ? (
              <p id={errorId} role="alert" className="mt-2 text-sm text-error">
                {error}
              </p>
            ) : null}
          </div>
          <SubmitButton busy={busy} className="w-full">
            Verify
          </SubmitButton>
          {passkeyButton}
        </form>
      )}
      <div className="flex flex-col items-start gap-2 border-t border-base-300/70 pt-4">
        {way === 'totp' && methods.includes('recovery') ? (
          <button type="button" className={link} onClick={() => switchTo('recovery')}>
            {SECOND_FACTOR_TEXT.useRecovery}
          </button>
        ) : null}
        {way === 'recovery' ? (
          <button type="button" className={link} onClick={() => switchTo('totp')}>
            {SECOND_FACTOR_TEXT.useApp}
          </button>
        ) : null}
        <button type="button" className={`${link} gap-1.5`} onClick={() => onRestart()}>
          <ArrowLeftIcon className="size-4" />
          {SECOND_FACTOR_TEXT.back}
        </button>
      </div>
    </div>
  );
}
