import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  clearCodeState,
  markCodeSent,
  session,
  toast,
  useDocumentTitle,
  useResendCooldown,
  useSession,
  wasCodeSent,
  SubmitButton,
  digitsOnly,
  CodeField,
  SendCodeButton,
  sendCode,
  sendCodeErrorMessage,
  verifyCode,
  verifyErrorMessage,
  Navigate,
  useNavigate,
} from '@dayframe/web-kit';
import { AuthScreen } from '../components/auth-screen.tsx';
import { AUTH_TEXT } from '../messages.ts';

/**
 * Spec §2 `/verify`, inside the guard: a signed-in user who has not verified their e-mail yet.
 * A code goes out on arrival unless one was sent before.
 */
export function VerifyPage() {
  useDocumentTitle('Verify your e-mail');
  const navigate = useNavigate();
  const { user } = useSession();
  const cooldown = useResendCooldown();
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const autoSent = useRef(false);

  async function send() {
    const email = user?.email;
    if (!email) {
      toast.error(AUTH_TEXT.emailMissing);
      return;
    }
    setSending(true);
    try {
      await sendCode(email);
      markCodeSent();
      cooldown.restart();
      toast.success(AUTH_TEXT.codeSent);
    } catch (error) {
      toast.error(sendCodeErrorMessage(error));
    } finally {
      setSending(false);
    }
  }

  useEffect(() => {
    // A ref, not state: StrictMode runs effects twice and the user must get one e-mail.
    if (autoSent.current || !user || user.verified || wasCodeSent()) return;
    autoSent.current = true;
    void send();
  }, [user]);

  if (user?.verified) return <Navigate to="/dashboard" replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const otp = digitsOnly(code);
    if (otp.length < 6) {
      toast.error(AUTH_TEXT.codeInvalidFormat);
      return;
    }
    if (!user?.email) {
      toast.error(AUTH_TEXT.emailMissing);
      return;
    }
    setBusy(true);
    try {
      const answer = await verifyCode(user.email, otp.slice(0, 6));
      clearCodeState();
      session.signIn(answer.token, answer.user);
      toast.success(AUTH_TEXT.emailVerified);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toast.error(verifyErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function useDifferentEmail() {
    navigate('/signup', { replace: true });
    session.logout();
  }

  return (
    <AuthScreen
      title="Verify your e-mail"
      subtitle={
        <>
          Enter the 6-digit code we sent to{' '}
          <strong className="text-base-content">{user?.email}</strong>.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <CodeField
          label="Verification code"
          name="otp"
          value={code}
          onChange={setCode}
          className="input-lg text-center font-mono tracking-[0.5em]"
        />
        <SubmitButton busy={busy} className="w-full">
          Verify
        </SubmitButton>
      </form>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <SendCodeButton
          label="Resend code"
          sending={sending}
          secondsLeft={cooldown.secondsLeft}
          onClick={send}
          className="flex-1"
        />
        <button type="button" className="btn btn-ghost btn-sm flex-1" onClick={useDifferentEmail}>
          Use a different e-mail
        </button>
      </div>
    </AuthScreen>
  );
}
