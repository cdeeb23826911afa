import { useRef, useState, type FormEvent } from 'react';
import {
  clearCodeState,
  isApiError,
  session,
  toast,
  useSendCode,
  useSession,
  useSubmit,
  newPasswordProblem,
  CodeField,
  SendCodeButton,
  NewPasswordFields,
  useNewPassword,
  verifyCode,
  verifyErrorMessage,
} from '@dayframe/web-kit';
import { changePassword } from '../api/account-calls.ts';
import { SettingsSubmit } from './settings-section.tsx';
import { SETTINGS_TEXT, serverMessage } from '../messages.ts';

/** The server lets a code's token change the password for ten minutes; stop trusting it a bit earlier. */
const CODE_TOKEN_TTL_MS = 9 * 60_000;

/**
 * Spec §2 password change: a code mailed to the user's own address, then the new password.
 * The code check answers a short-lived token that alone may set the password; the answer to
 * that carries the session's next token, since every older one is retired.
 */
export function PasswordForm() {
  const { user } = useSession();
  const sender = useSendCode();
  const { busy, submit } = useSubmit();
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const { password, confirm } = newPassword;
  // A code is single-use: if setting the password fails after the check, the retry reuses it.
  const codeToken = useRef<{ token: string; at: number } | null>(null);

  function onSendCode() {
    if (!user?.email) {
      toast.error(SETTINGS_TEXT.emailMissing);
      return;
    }
    void sender.send(user.email);
  }

  async function tokenForCode(email: string): Promise<string> {
    const kept = codeToken.current;
    if (kept && Date.now() - kept.at < CODE_TOKEN_TTL_MS) return kept.token;
    const verified = await verifyCode(email, code);
    codeToken.current = { token: verified.token, at: Date.now() };
    return verified.token;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(code, password, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (!user?.email) {
      toast.error(SETTINGS_TEXT.emailMissing);
      return;
    }
    const email = user.email;
    let codeChecked = false;
    void submit(
      async () => {
        const token = await tokenForCode(email);
        codeChecked = true;
        return changePassword(token, password);
      },
      {
        success: SETTINGS_TEXT.passwordUpdated,
        failure: (error) =>
          codeChecked
            ? serverMessage(error, SETTINGS_TEXT.passwordUpdateFailed)
            : verifyErrorMessage(error),
        onError: (error) => {
          // A refused token (expired window) is of no further use; the next try checks a new code.
          if (codeChecked && isApiError(error, 401, 403)) codeToken.current = null;
        },
        onSuccess: (answer) => {
          codeToken.current = null;
          clearCodeState();
          session.signIn(answer.token, answer.user);
          setCode('');
          newPassword.clear();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="flex flex-col gap-3 rounded-field border border-base-300/70 bg-base-200/50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-base-content/80">
          We&apos;ll e-mail a 6-digit code to{' '}
          <strong className="break-words font-semibold text-base-content">{user?.email}</strong>.
        </p>
        <SendCodeButton {...sender.button} onClick={onSendCode} className="shrink-0 sm:min-w-32" />
      </div>
      <CodeField
        value={code}
        onChange={setCode}
        className="font-mono tracking-[0.3em] sm:max-w-48"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields {...newPassword.fields} />
      </div>
      <SettingsSubmit busy={busy}>Update Password</SettingsSubmit>
    </form>
  );
}
