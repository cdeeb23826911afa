import { useState, type FormEvent } from 'react';
import {
  clearCodeState,
  session,
  toast,
  useSendCode,
  useSession,
  useSubmit,
  CodeField,
  EmailField,
  NameField,
  SendCodeButton,
  verifyCode,
  verifyErrorMessage,
} from '@dayframe/web-kit';
import { updateProfile } from '../api/account-calls.ts';
import { SettingsSubmit } from './settings-section.tsx';
import { SETTINGS_TEXT, profileErrorMessage, profileProblem } from '../messages.ts';

/**
 * Spec §2 Update Profile. A new address needs proof of the current one first (issue 14): a
 * code mailed to the current address, checked before saving, as the password form does, so a
 * stolen session alone cannot move the account to another mailbox. The new address makes the
 * account unverified: once the session holds that user, the shell's guard sends them to
 * /verify, where a code to the new address goes out.
 */
export function ProfileForm() {
  const { user } = useSession();
  const sender = useSendCode();
  const { busy, submit } = useSubmit();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [code, setCode] = useState('');
  const emailChanging =
    !!user && email.trim() !== '' && email.trim().toLowerCase() !== user.email.toLowerCase();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user) return;
    const problem = profileProblem(user, name, email);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (emailChanging && !/^\d{6}$/.test(code)) {
      toast.error(SETTINGS_TEXT.codeInvalidFormat);
      return;
    }
    let codeChecked = !emailChanging;
    void submit(
      async () => {
        const codeToken = emailChanging ? (await verifyCode(user.email, code)).token : undefined;
        codeChecked = true;
        return updateProfile({ name: name.trim(), email: email.trim() }, codeToken);
      },
      {
        success: SETTINGS_TEXT.profileSaved,
        failure: (error) => (codeChecked ? profileErrorMessage(error) : verifyErrorMessage(error)),
        onSuccess: (answer) => {
          // The verify screen mails a code on arrival only when none was sent before; a code sent
          // to the old address must not stop that.
          if (!answer.updatedUser.verified) clearCodeState();
          setName(answer.updatedUser.name);
          setEmail(answer.updatedUser.email);
          setCode('');
          session.signIn(answer.token, answer.updatedUser);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField value={name} onChange={setName} />
        <EmailField
          value={email}
          onChange={setEmail}
          hint="A new address must be verified with a code before you continue."
        />
      </div>
      {emailChanging ? (
        <div className="space-y-3 rounded-field border border-base-300/70 bg-base-200/50 p-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-base-content/80">
              To change your e-mail, enter the code we send to{' '}
              <strong className="break-words font-semibold text-base-content">{user?.email}</strong>
              .
            </p>
            <SendCodeButton
              {...sender.button}
              onClick={() => user && void sender.send(user.email)}
              label="Send code to my e-mail"
              className="shrink-0 sm:min-w-32"
            />
          </div>
          <CodeField
            value={code}
            onChange={setCode}
            label="Code from your current e-mail"
            name="email-change-code"
            className="font-mono tracking-[0.3em] sm:max-w-48"
          />
        </div>
      ) : null}
      <SettingsSubmit busy={busy}>Save Changes</SettingsSubmit>
    </form>
  );
}
