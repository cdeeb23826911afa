import { useState, type FormEvent } from 'react';
import {
  isApiError,
  session,
  toast,
  useDocumentTitle,
  EmailField,
  NameField,
  NewPasswordFields,
  useNewPassword,
} from '@dayframe/web-kit';
import { LIMITS } from '@dayframe/contracts';
import { AuthForm, AuthScreen, OtherWayIn } from '../components/auth-screen.tsx';
import { SignedInRedirect } from '../components/signed-in-redirect.tsx';
import { AUTH_TEXT, limitMessage, looksLikeEmail } from '../messages.ts';
import { useEnter } from '../use-enter.ts';

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
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();
  const { password, confirm } = newPassword;
  const { busy, enter } = useEnter();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = signupProblem(name, email, password, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    void enter(() => session.signup(name.trim(), email.trim(), password), {
      // Spec §8: 409 has its words; other errors are only logged (or, issue 14, say a limit).
      failure: (error) => (isApiError(error, 409) ? AUTH_TEXT.emailInUse : limitMessage(error)),
    });
  }

  return (
    <AuthScreen
      title="Create your account"
      subtitle="It takes under a minute. No ads, no trackers."
      footer={<OtherWayIn question="Already have an account?" to="/login" label="Log In" />}
    >
      <SignedInRedirect />
      <AuthForm
        onSubmit={onSubmit}
        busy={busy}
        submitLabel="Sign Up"
        prerendered
        smallPrint={
          <p className="text-center text-xs text-base-content/60">
            By signing up, you agree to the Terms of Service and Privacy Policy.
          </p>
        }
      >
        <NameField value={name} onChange={setName} />
        <EmailField value={email} onChange={setEmail} placeholder="you@example.com" />
        <NewPasswordFields
          label="Password"
          names={['password', 'confirm']}
          {...newPassword.fields}
        />
      </AuthForm>
    </AuthScreen>
  );
}
