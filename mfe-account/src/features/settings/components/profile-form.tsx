import { useState, type FormEvent } from 'react';
import {
  clearCodeState,
  session,
  toast,
  useSession,
  TextField,
  SubmitButton,
} from '@dayframe/web-kit';
import { profileErrorMessage, updateProfile } from '../api/account-calls.ts';
import { SETTINGS_MESSAGES, profileProblem } from '../messages.ts';

/**
 * Spec §2 Update Profile. A new address makes the account unverified: once the session holds
 * that user, the shell's guard sends them to /verify, where a code to the new address goes out.
 */
export function ProfileForm() {
  const { user } = useSession();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const problem = profileProblem(user, name, email);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const answer = await updateProfile({ name: name.trim(), email: email.trim() });
      // The verify screen mails a code on arrival only when none was sent before; a code sent
      // to the old address must not stop that.
      if (!answer.updatedUser.verified) clearCodeState();
      setName(answer.updatedUser.name);
      setEmail(answer.updatedUser.email);
      session.signIn(answer.token, answer.updatedUser);
      toast.success(SETTINGS_MESSAGES.profileSaved);
    } catch (error) {
      toast.error(profileErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
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
          hint="A new address must be verified with a code before you continue."
        />
      </div>
      <div className="flex justify-end pt-1">
        <SubmitButton busy={busy} className="w-full sm:w-auto">
          Save Changes
        </SubmitButton>
      </div>
    </form>
  );
}
