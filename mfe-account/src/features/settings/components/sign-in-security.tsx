import type { SignInSecurity as Security } from '@dayframe/contracts';
import { Spinner, useLoad } from '@dayframe/web-kit';
import { getSignInSecurity } from '../api/sign-in-security-calls.ts';
import { SECURITY_TEXT } from '../sign-in-security-text.ts';
import { AuthenticatorApp } from './authenticator-app.tsx';
import { PasskeyList } from './passkey-list.tsx';

/**
 * Settings → Sign-in and security (issue 28): passkeys, and the authenticator app with its
 * recovery codes. Loaded once; each change updates what is shown from its own answer.
 */
export function SignInSecuritySettings() {
  const { state, retry, setData } = useLoad((signal) => getSignInSecurity(signal), []);
  if (state.status === 'loading')
    return (
      <p className="flex items-center gap-2 text-sm text-base-content/70" role="status">
        <Spinner size="sm" label="" /> {SECURITY_TEXT.loading}
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-error">{SECURITY_TEXT.loadFailed}</p>
        <button type="button" className="btn btn-outline btn-sm shrink-0" onClick={retry}>
          Try again
        </button>
      </div>
    );
  const security: Security = state.data;
  return (
    <div className="divide-y divide-base-300/70">
      <div className="pb-6">
        <PasskeyList
          passkeys={security.passkeys}
          onChange={(passkeys) => setData((shown) => ({ ...shown, passkeys }))}
        />
      </div>
      <div className="pt-6">
        <AuthenticatorApp security={security} onChange={setData} />
      </div>
    </div>
  );
}
