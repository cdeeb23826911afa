import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  clearCodeState,
  session,
  toast,
  useDocumentTitle,
  useSendCode,
  useSession,
  useSubmit,
  wasCodeSent,
  digitsOnly,
  CodeField,
  SendCodeButton,
  verifyCode,
  verifyErrorMessage,
  Navigate,
  useNavigate,
} from '@dayframe/web-kit';
import { AuthForm, AuthScreen } from '../components/auth-screen.tsx';
import { AUTH_TEXT } from '../messages.ts';

/**
 * Spec §2 `/verify`, inside the guard: a signed-in user who has not verified their e-mail yet.
 * A code goes out on arrival unless one was sent before.
 */
export function VerifyPage() {
  useDocumentTitle('Verify your e-mail');
  const navigate = useNavigate();
  const { user } = useSession();
  const sender = useSendCode();
  const { busy, submit } = useSubmit();
  const [code, setCode] = useState('');
  const autoSent = useRef(false);

  function send() {
    if (!user?.email) {
      toast.error(AUTH_TEXT.emailMissing);
      return;
    }
    void sender.send(user.email);
  }

  useEffect(() => {
    // A ref, not state: StrictMode runs effects twice and the user must get one e-mail.
    if (autoSent.current || !user || user.verified || wasCodeSent()) return;
    autoSent.current = true;
    send();
  }, [user]);

  if (user?.verified) return <Navigate to="/dashboard" replace />;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (digitsOnly(code).length < 6) {
      toast.error(AUTH_TEXT.codeInvalidFormat);
      return;
    }
    if (!user?.email) {
      toast.error(AUTH_TEXT.emailMissing);
      return;
    }
    void submit(() => verifyCode(user.email, code), {
      success: AUTH_TEXT.emailVerified,
      failure: verifyErrorMessage,
      onSuccess: (answer) => {
        clearCodeState();
        session.signIn(answer.token, answer.user);
        navigate('/dashboard', { replace: true });
      },
    });
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
      <AuthForm onSubmit={onSubmit} busy={busy} submitLabel="Verify">
        <CodeField
          label="Verification code"
          name="otp"
          value={code}
          onChange={setCode}
          className="input-lg text-center font-mono tracking-[0.5em]"
        />
      </AuthForm>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <SendCodeButton label="Resend code" {...sender.button} onClick={send} className="flex-1" />
        <button type="button" className="btn btn-ghost btn-sm flex-1" onClick={useDifferentEmail}>
          Use a different e-mail
        </button>
      </div>
    </AuthScreen>
  );
}
