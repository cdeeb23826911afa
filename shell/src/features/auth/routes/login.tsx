import { useState, type FormEvent } from 'react';
import {
  isApiError,
  session,
  toast,
  useDocumentTitle,
  EmailField,
  TextField,
  useNavigate,
} from '@dayframe/web-kit';
import { AuthForm, AuthScreen, OtherWayIn } from '../components/auth-screen.tsx';
import { SignedInRedirect } from '../components/signed-in-redirect.tsx';
import { AUTH_TEXT, limitMessage } from '../messages.ts';
import { useEnter } from '../use-enter.ts';

/** Spec §8 login: 404 and 409 have their words; other errors are only logged (or, issue 14, say a limit). */
function loginErrorMessage(error: unknown): string | null {
  if (isApiError(error, 404)) return AUTH_TEXT.noUserWithEmail;
  if (isApiError(error, 409)) return AUTH_TEXT.incorrectPassword;
  return limitMessage(error);
}

/** Spec §2 `/login`, §5 login validation, §8 login errors. */
export function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, enter } = useEnter();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.error(AUTH_TEXT.loginMissing);
      return;
    }
    void enter(() => session.login(email.trim(), password), {
      failure: loginErrorMessage,
      onError: () => setPassword(''),
    });
  }

  return (
    <AuthScreen
      title="Log in to Dayframe"
      subtitle="Welcome back. Pick up where you left off."
      footer={<OtherWayIn question="New to Dayframe?" to="/signup" label="Create an account" />}
    >
      <SignedInRedirect />
      <AuthForm onSubmit={onSubmit} busy={busy} submitLabel="Log In" prerendered>
        <EmailField value={email} onChange={setEmail} placeholder="you@example.com" />
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
