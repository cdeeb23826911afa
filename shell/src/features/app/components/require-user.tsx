import { useEffect, useState, type ReactNode } from 'react';
import { PageSpinner, session, useSession, Navigate } from '@dayframe/web-kit';

/**
 * Spec §2, §6: checks the session on load (a spinner meanwhile); no user goes to /login, an
 * unverified user to /verify unless this guard wraps /verify itself.
 */
export function RequireUser({
  children,
  allowUnverified = false,
}: {
  children: ReactNode;
  allowUnverified?: boolean;
}) {
  const { user, token } = useSession();
  const [checked, setChecked] = useState(() => Boolean(user && token));

  useEffect(() => {
    let live = true;
    void session.ensureSession().finally(() => {
      if (live) setChecked(true);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!checked) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to="/login" replace />;
  if (!user.verified && !allowUnverified) return <Navigate to="/verify" replace />;
  return <>{children}</>;
}
