import { useState, type FormEvent } from 'react';
import {
  clearCodeState,
  markCodeSent,
  session,
  toast,
  useDocumentTitle,
  useResendCooldown,
  SubmitButton,
  TextField,
  digitsOnly,
  newPasswordProblem,
  CodeField,
  SendCodeButton,
  NewPasswordFields,
  sendCode,
  sendCodeErrorMessage,
  verifyCode,
  verifyErrorMessage,
  Link,
  useNavigate,
} from '@dayframe/web-kit';
import { changePassword } from '../api/auth-calls.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
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
  const cooldown = useResendCooldown();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSendCode() {
    if (!email.trim()) {
      toast.error(AUTH_TEXT.forgotEmailMissing);
      return;
    }
    setSending(true);
    try {
      await sendCode(email.trim());
      markCodeSent();
      cooldown.restart();
      toast.success(AUTH_TEXT.codeSent);
    } catch (error) {
      toast.error(sendCodeErrorMessage(error, { forgotScreen: true }));
    } finally {
      setSending(false);
    }
  }

  async function onReset(event: FormEvent) {
    event.preventDefault();
    const problem = resetProblem(email, code, password, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    let verified;
    try {
      verified = await verifyCode(email.trim(), digitsOnly(code).slice(0, 6));
    } catch (error) {
      toast.error(verifyErrorMessage(error));
      setBusy(false);
      return;
    }
    try {
      // The code check signs the user in; the password call needs that token.
      session.signIn(verified.token, verified.user);
      await changePassword(password);
      clearCodeState();
      session.logout();
      toast.success(AUTH_TEXT.passwordResetDone);
      navigate('/login', { replace: true });
    } catch (error) {
      // Spec §8: a failed reset is only logged.
      console.error('Password reset failed', error);
      session.logout();
    } finally {
      setBusy(false);
    }
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
      {/* POST: submitted before the app runs (a prerendered page), the password stays out of the URL. */}
      <form method="post" noValidate onSubmit={onReset} className="space-y-4">
        <div>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
          <SendCodeButton
            sending={sending}
            secondsLeft={cooldown.secondsLeft}
            onClick={onSendCode}
            className="mt-2 w-full"
          />
        </div>
        <div className="divider my-2 text-xs text-base-content/70">then</div>
        <CodeField value={code} onChange={setCode} className="tracking-[0.3em]" />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <SubmitButton busy={busy} className="w-full">
          Reset Password
        </SubmitButton>
      </form>
    </AuthScreen>
  );
}
