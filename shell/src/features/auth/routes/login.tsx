import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TwoFactorChallenge } from '@dayframe/contracts';
import {
  KeyIcon,
  isApiError,
  session,
  toast,
  useDocumentTitle,
  EmailField,
  TextField,
  useLocation,
  useNavigate,
  useSubmit,
} from '@dayframe/web-kit';
import { AuthForm, AuthScreen, OtherWayIn } from '../components/auth-screen.tsx';
import { SecondFactorStep } from '../components/second-factor-step.tsx';
import { SignedInRedirect } from '../components/signed-in-redirect.tsx';
import { AUTH_TEXT, limitMessage } from '../messages.ts';
import { usePasskeySignIn } from '../use-passkey-sign-in.ts';

/** The history entry of the second step, so the browser's Back returns to the password. */
const SECOND_STEP = { step: 'second-factor' } as const;

/** Spec §8 login: 404 and 409 have their words; other errors are only logged (or, issue 14, say a limit). */
function loginErrorMessage(error: unknown): string | null {
  if (isApiError(error, 404)) return AUTH_TEXT.noUserWithEmail;
  if (isApiError(error, 409)) return AUTH_TEXT.incorrectPassword;
  return limitMessage(error);
}

/**
 * Spec §2 `/login`, §5 login validation, §8 login errors. Issue 28: an account with a second
 * factor answers the password with a challenge, and the second step (its own history entry)
 * asks for the code or a passkey; "Sign in with a passkey" and the e-mail field's autofill
 * sign in with a passkey alone.
 */
export function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [secondFactor, setSecondFactor] = useState<TwoFactorChallenge | null>(null);
  const { busy, submit } = useSubmit();
  const passkey = usePasskeySignIn();
  const onSecondStep = (location.state as typeof SECOND_STEP | null)?.step === SECOND_STEP.step;

  // Back (the browser's) from the second step: the password step again, the challenge dropped.
  // (Only on leaving it: the challenge is set a render before its history entry arrives.)
  const wasOnSecondStep = useRef(onSecondStep);
  useEffect(() => {
    if (wasOnSecondStep.current && !onSecondStep) setSecondFactor(null);
    wasOnSecondStep.current = onSecondStep;
  }, [onSecondStep]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.error(AUTH_TEXT.loginMissing);
      return;
    }
    void submit(() => session.login(email.trim(), password), {
      failure: loginErrorMessage,
      onError: () => setPassword(''),
      onSuccess: (result) => {
        if (result.next) return navigate(result.next, { replace: true });
        setPassword('');
        setSecondFactor(result.secondFactor);
        navigate('/login', { state: SECOND_STEP });
      },
    });
  }

  function restart(message?: string) {
    if (message) toast.error(message);
    setSecondFactor(null);
    if (onSecondStep) navigate(-1);
  }

  if (secondFactor && onSecondStep)
    return (
      <AuthScreen
        title="Confirm it's you"
        subtitle={
          <>
            Logging in as <span className="font-medium">{email.trim()}</span>
          </>
        }
      >
        <SecondFactorStep challenge={secondFactor} onRestart={restart} />
      </AuthScreen>
    );

  return (
    <AuthScreen
      title="Log in to Dayframe"
      subtitle="Welcome back. Pick up where you left off."
      footer={<OtherWayIn question="New to Dayframe?" to="/signup" label="Create an account" />}
    >
      <SignedInRedirect />
      <AuthForm
        onSubmit={onSubmit}
        busy={busy}
        submitLabel="Log In"
        prerendered
        smallPrint={
          <>
            <div className="divider my-1 text-xs text-base-content/60">or</div>
            <button
              type="button"
              className="btn btn-outline w-full"
              onClick={() => void passkey.signInWithPasskey()}
              disabled={passkey.busy || busy}
            >
              <KeyIcon className="size-4" />
              Sign in with a passkey
            </button>
          </>
        }
      >
        <EmailField
          value={email}
          onChange={setEmail}
          placeholder="you@example.com"
          autoComplete="username webauthn"
          onFocus={passkey.offerAutofill}
        />
        <div>
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="mt-1 text-right">
            <button
              type="button"
              className="btn btn-link btn-sm px-0"
              onClick={() => navigate('/forgot')}
            >
              Forgot Password?
            </button>
          </div>
        </div>
      </AuthForm>
    </AuthScreen>
  );
}
