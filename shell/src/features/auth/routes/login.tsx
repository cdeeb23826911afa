import { useState, type FormEvent } from 'react';
import {
  isApiError,
  session,
  toast,
  useDocumentTitle,
  SubmitButton,
  TextField,
  Link,
  useNavigate,
} from '@dayframe/web-kit';
import { AuthScreen } from '../components/auth-screen.tsx';
import { SignedInRedirect } from '../components/signed-in-redirect.tsx';
import { AUTH_TEXT } from '../messages.ts';
import { limitMessage } from '../api/auth-calls.ts';

/** Spec §2 `/login`, §5 login validation, §8 login errors. */
export function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast.error(AUTH_TEXT.loginMissing);
      return;
    }
    setBusy(true);
    try {
      const { next } = await session.login(email.trim(), password);
      navigate(next, { replace: true });
    } catch (error) {
      setPassword('');
      if (isApiError(error, 404)) toast.error(AUTH_TEXT.noUserWithEmail);
      else if (isApiError(error, 409)) toast.error(AUTH_TEXT.incorrectPassword);
      else if (limitMessage(error)) toast.error(limitMessage(error)!);
      else console.error('Login failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthScreen
      title="Log in to Dayframe"
      subtitle="Welcome back. Pick up where you left off."
      footer={
        <p className="text-base-content/70">
          New to Dayframe?{' '}
          <Link to="/signup" className="link link-primary font-medium">
            Create an account
          </Link>
        </p>
      }
    >
      <SignedInRedirect />
      {/* POST: submitted before the app runs (a prerendered page), the password stays out of the URL. */}
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
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
        <SubmitButton busy={busy} className="w-full">
          Log In
        </SubmitButton>
      </form>
    </AuthScreen>
  );
}
