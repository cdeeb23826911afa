import { MESSAGES } from '@dayframe/contracts';
import { sendCode, sendCodeErrorMessage } from './code-calls.ts';
import { markCodeSent, useResendCooldown } from './resend-cooldown.ts';
import { useSubmit } from './use-submit.ts';

/**
 * A Send code button's behaviour (sign-up's verification, the forgotten password, the settings'
 * password and e-mail changes): mails the code through {@link useSubmit}, says so, and starts
 * the 60 s cooldown. The forgot screen says an unknown address in its own words.
 *
 * @example
 * const code = useSendCode();
 * <SendCodeButton {...code.button} onClick={() => code.send(email)} />
 */
export function useSendCode({ forgotScreen = false } = {}): {
  /** The SendCodeButton's state: spread it onto the button. */
  button: { sending: boolean; secondsLeft: number };
  send: (email: string) => Promise<void>;
} {
  const cooldown = useResendCooldown();
  const { busy, submit } = useSubmit();
  const send = (email: string) =>
    submit(
      async () => {
        await sendCode(email);
        markCodeSent();
        cooldown.restart();
      },
      {
        success: MESSAGES.codeSent,
        failure: (error) => sendCodeErrorMessage(error, { forgotScreen }),
      },
    );
  return { button: { sending: busy, secondsLeft: cooldown.secondsLeft }, send };
}
