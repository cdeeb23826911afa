import { useState, type FormEvent } from 'react';
import {
  clearCodeState,
  session,
  toast,
  useDocumentTitle,
  useSendCode,
  useSubmit,
  EmailField,
  newPasswordProblem,
  CodeField,
  SendCodeButton,
  NewPasswordFields,
  useNewPassword,
  verifyCode,
  verifyErrorMessage,
  Link,
  useNavigate,
} from '@dayframe/web-kit';
import { changePassword } from '../api/auth-calls.ts';
import { AuthForm, AuthScreen } from '../components/auth-screen.tsx';
import { AUTH_TEXT } from '../messages.ts';

/** The first failed rule of spec §5 password reset, or null. */
export function resetProblem(
  email: string,
  code: string,
  password: string,
  confirm: string,
): string | null {
  if (!email.trim()) return AUTH_TEXT.forgotEmailMissing;
  return newPasswordProblem(code, password, confirm);
}

/** Spec §2 `/forgot`: send a code to the e-mail, then reset the password with it. */
export function ForgotPage() {
  useDocumentTitle('Reset your password');
  const navigate = useNavigate();
  const sender = useSendCode({ forgotScreen: true });
  const { busy, submit } = useSubmit();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const { password, confirm } = newPassword;

  function onSendCode() {
    if (!email.trim()) {
      toast.error(AUTH_TEXT.forgotEmailMissing);
      return;
    }
    void sender.send(email.trim());
  }

  function onReset(event: FormEvent) {
    event.preventDefault();
    const problem = resetProblem(email, code, password, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    let signedIn = false;
    void submit(
      async () => {
        const verified = await verifyCode(email.trim(), code);
        // The code check signs the user in; the password call needs that token.
        session.signIn(verified.token, verified.user);
        signedIn = true;
        await changePassword(password);
        clearCodeState();
        session.logout();
      },
      {
        success: AUTH_TEXT.passwordResetDone,
        // Spec §8: a refused code says why; a failed reset after it is only logged.
        failure: (error) => (signedIn ? null : verifyErrorMessage(error)),
        onError: () => {
          if (signedIn) session.logout();
        },
        onSuccess: () => navigate('/login', { replace: true }),
      },
    );
  }

  return (
    <AuthScreen
      title="Reset your password"
      subtitle="We'll e-mail you a 6-digit code. Enter it with your new password."
      footer={
        <p className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-base-content/70">
          <Link to="/login" className="link link-primary font-medium">
            Login
          </Link>
          <span aria-hidden="true">·</span>
          <Link to="/signup" className="link link-primary font-medium">
            Create an account
          </Link>
        </p>
      }
    >
      <AuthForm onSubmit={onReset} busy={busy} submitLabel="Reset Password" prerendered>
        <div>
          <EmailField value={email} onChange={setEmail} placeholder="you@example.com" />
          <SendCodeButton {...sender.button} onClick={onSendCode} className="mt-2 w-full" />
        </div>
        <div className="divider my-2 text-xs text-base-content/70">then</div>
        <CodeField value={code} onChange={setCode} className="tracking-[0.3em]" />
        <NewPasswordFields {...newPassword.fields} />
      </AuthForm>
    </AuthScreen>
  );
}
