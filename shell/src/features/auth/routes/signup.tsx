import { useState, type FormEvent } from 'react';
import {
  isApiError,
  session,
  toast,
  useDocumentTitle,
  SubmitButton,
  TextField,
  NewPasswordFields,
  Link,
  useNavigate,
} from '@dayframe/web-kit';
import { LIMITS } from '@dayframe/contracts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { SignedInRedirect } from '../components/signed-in-redirect.tsx';
import { limitMessage } from '../api/auth-calls.ts';
import { AUTH_TEXT, looksLikeEmail } from '../messages.ts';

/** The first failed rule of spec §5 signup, in the spec's order, or null. */
export function signupProblem(
  name: string,
  email: string,
  password: string,
  confirm: string,
): string | null {
  if (!name.trim() || !email.trim() || !password || !confirm) return AUTH_TEXT.signupMissing;
  if (password !== confirm) return AUTH_TEXT.passwordsMustMatch;
  if (password.length < LIMITS.passwordMin) return AUTH_TEXT.passwordTooShortSignup;
  if (password.length > LIMITS.passwordMax) return AUTH_TEXT.passwordTooLong;
  if (!looksLikeEmail(email.trim())) return AUTH_TEXT.emailInvalid;
  return null;
}

/** Spec §2 `/signup`, §5 signup validation, §8 signup errors. */
export function SignupPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = signupProblem(name, email, password, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const { next } = await session.signup(name.trim(), email.trim(), password);
      navigate(next, { replace: true });
    } catch (error) {
      if (isApiError(error, 409)) toast.error(AUTH_TEXT.emailInUse);
      else if (limitMessage(error)) toast.error(limitMessage(error)!);
      else console.error('Signup failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthScreen
      title="Create your account"
      subtitle="It takes under a minute. No ads, no trackers."
      footer={
        <p className="text-base-content/70">
          Already have an account?{' '}
          <Link to="/login" className="link link-primary font-medium">
            Log In
          </Link>
        </p>
      }
    >
      <SignedInRedirect />
      {/* POST: submitted before the app runs (a prerendered page), the password stays out of the URL. */}
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
        <NewPasswordFields
          label="Password"
          names={['password', 'confirm']}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <SubmitButton busy={busy} className="w-full">
          Sign Up
        </SubmitButton>
        <p className="text-center text-xs text-base-content/60">
          By signing up, you agree to the Terms of Service and Privacy Policy.
        </p>
      </form>
    </AuthScreen>
  );
}
