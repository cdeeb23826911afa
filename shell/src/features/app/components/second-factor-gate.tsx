import { useEffect, useState } from 'react';
import type { SignInSecurity, User } from '@dayframe/contracts';
import { api, session, ShieldIcon, useLocation, useNavigate, useSession } from '@dayframe/web-kit';

/** Where an admin sets up a second factor: Settings' "Sign-in and security" section. */
export const SECOND_FACTOR_SETUP = { pathname: '/settings', hash: '#sign-in-and-security' };

export const SECOND_FACTOR_NOTICE =
  'This installation requires admins to use a second factor. Set up an authenticator app or a passkey to continue.';

/** The last answer, for one session token: an admin's pages ask once per sign-in, not per move. */
let known: { token: string; required: boolean } | null = null;

// A new sign-in (or a log out) is a new token: the next admin page asks again.
session.subscribe(() => {
  if (known && session.getState().token !== known.token) known = null;
});

/**
 * `REQUIRE_ADMIN_2FA`: must this admin set up a second factor first? `GET /api/auth/2fa` says so
 * as `required`. A failed call (an older identity without the route, a network fault) counts
 * as no: the server refuses the admin routes by itself, this only leads the way to Settings.
 */
async function mustSetUp(token: string): Promise<boolean> {
  try {
    const answer = await api.get<Pick<SignInSecurity, 'required'>>('/auth/2fa');
    known = { token, required: answer.required === true };
  } catch {
    known = { token, required: false };
  }
  return known.required;
}

/**
 * Sends an admin who must set up a second factor to Settings → Sign-in and security from every
 * app route, and says why there, until one is set up. Only admins cost a request: one after
 * sign-in (or page load); while the answer is yes, each move elsewhere asks again, so the
 * first move after setting one up goes through. A non-admin never asks.
 */
export function SecondFactorGate() {
  const { user, token } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [required, setRequired] = useState(() => knownRequired(user, token));

  useEffect(() => {
    if (user?.role !== 'admin' || !token) {
      setRequired(false);
      return;
    }
    const onSettings = pathname === SECOND_FACTOR_SETUP.pathname;
    if (known?.token === token && (!known.required || onSettings)) {
      setRequired(known.required);
      return;
    }
    let live = true;
    void mustSetUp(token).then((yes) => {
      if (!live) return;
      setRequired(yes);
      if (yes && !onSettings) navigate(SECOND_FACTOR_SETUP, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [user?.role, token, pathname, navigate]);

  if (!required) return null;
  return (
    <div role="alert" className="alert alert-warning alert-soft mb-6 items-start">
      <ShieldIcon className="size-5 shrink-0" />
      <span>{SECOND_FACTOR_NOTICE}</span>
    </div>
  );
}

function knownRequired(user: User | null, token: string | null): boolean {
  return user?.role === 'admin' && known !== null && known.token === token && known.required;
}
