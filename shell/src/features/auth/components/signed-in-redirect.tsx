import { useEffect } from 'react';
import { destinationFor, session, useSession, Navigate } from '@dayframe/web-kit';

/**
 * Spec §2: on the login and signup screens a present token and user send the visitor on. With a
 * token but no user yet (a reload), the session is checked quietly while the form stays usable.
 */
export function SignedInRedirect() {
  const { token, user } = useSession();
  useEffect(() => {
    if (token && !user) void session.ensureSession();
  }, [token, user]);
  if (token && user) return <Navigate to={destinationFor(user)} replace />;
  return null;
}
