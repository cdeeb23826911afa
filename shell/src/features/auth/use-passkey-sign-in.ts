import { useCallback, useEffect, useRef, useState } from 'react';
import { SIGN_IN_SECURITY_MESSAGES } from '@dayframe/contracts';
import { isApiError, session, toast, useNavigate } from '@dayframe/web-kit';
import { passkeySignInOptions } from './api/auth-calls.ts';
import { limitMessage } from './messages.ts';

/** The passkey code, loaded when a passkey is first used: the login page's first script stays small. */
const passkeys = () => import('@dayframe/web-kit/passkeys');

export const PASSKEY_TEXT = {
  unsupported: "This browser can't use passkeys. Log in with your password.",
} as const;

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.fromServer && error.status < 500) return error.message;
  return limitMessage(error) ?? SIGN_IN_SECURITY_MESSAGES.passkeyFailed;
}

/**
 * True when the browser has the autofill kind of passkey request; checked without the module.
 * Never on an IP address (`http://127.0.0.1:8080`): WebAuthn refuses one as the site, and the
 * request would only end in a SecurityError.
 */
function autofillMaybe(): Promise<boolean> {
  if (/^(\d+\.){3}\d+$|^\[/.test(location.hostname)) return Promise.resolve(false);
  const statics = globalThis.PublicKeyCredential as
    { isConditionalMediationAvailable?: () => Promise<boolean> } | undefined;
  return statics?.isConditionalMediationAvailable?.().catch(() => false) ?? Promise.resolve(false);
}

/**
 * "Sign in with a passkey" (discoverable: no e-mail first) and the e-mail field's passkey
 * autofill (conditional mediation). The autofill request starts when the e-mail field is first
 * focused, not on load: a visitor who never touches the form costs no request, and a repeat
 * visit of the prerendered page stays all revalidations. It waits in the background; the
 * button, or leaving the page, aborts it first (a browser runs one request at a time).
 */
export function usePasskeySignIn() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const background = useRef<{ controller: AbortController; done: Promise<unknown> } | null>(null);
  const started = useRef(false);

  const finish = useCallback(
    async (
      challenge: string,
      response: Parameters<typeof session.passkeySignIn>[0]['response'],
    ) => {
      const { next } = await session.passkeySignIn({ challenge, response });
      navigate(next, { replace: true });
    },
    [navigate],
  );

  const stopBackground = useCallback(async () => {
    const running = background.current;
    background.current = null;
    if (!running) return;
    running.controller.abort();
    await running.done.catch(() => undefined);
  }, []);

  useEffect(() => () => void stopBackground(), [stopBackground]);

  /** The e-mail field's focus: start the autofill request once, where the browser has it. */
  const offerAutofill = useCallback(() => {
    if (started.current) return;
    started.current = true;
    const controller = new AbortController();
    const done = (async () => {
      if (!(await autofillMaybe()) || controller.signal.aborted) return;
      const [{ getPasskey }, { challenge, options }] = await Promise.all([
        passkeys(),
        passkeySignInOptions(controller.signal),
      ]);
      if (controller.signal.aborted) return;
      const response = await getPasskey(options, { signal: controller.signal, conditional: true });
      if (!response || controller.signal.aborted) return;
      setBusy(true);
      try {
        await finish(challenge, response);
      } finally {
        setBusy(false);
      }
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      // Only a passkey the person picked and the server refused is worth saying.
      if (isApiError(error) && error.status !== 404) toast.error(failureMessage(error));
      else console.warn('Passkey autofill is off', error);
    });
    background.current = { controller, done };
  }, [finish]);

  /** The button: asks for any passkey of this site, then signs in with it. */
  const signInWithPasskey = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    try {
      await stopBackground();
      const { getPasskey, passkeysSupported } = await passkeys();
      if (!passkeysSupported()) {
        toast.error(PASSKEY_TEXT.unsupported);
        return;
      }
      const { challenge, options } = await passkeySignInOptions();
      const response = await getPasskey(options);
      if (!response) return; // the person closed the browser's prompt
      await finish(challenge, response);
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) console.error('Passkey sign-in failed', error);
      toast.error(failureMessage(error));
    } finally {
      setBusy(false);
      started.current = false; // the next focus of the e-mail field offers autofill again
    }
  }, [busy, finish, stopBackground]);

  return { busy, offerAutofill, signInWithPasskey };
}
