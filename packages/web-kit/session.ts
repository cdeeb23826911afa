import { useSyncExternalStore } from 'react';
import type {
  AuthResponse,
  LoginResponse,
  PasskeySignInRequest,
  TwoFactorChallenge,
  TwoFactorVerifyRequest,
  User,
} from '@dayframe/contracts';
import { api as defaultApi, whenSessionEnds, type ApiClient } from './api-client.ts';
import { TOKEN_KEY } from './token-storage.ts';
import { readStorage, removeStorage, writeStorage } from './storage.ts';
import { toast } from './toast.ts';
import { forgetConfirmation } from './confirmation.ts';

/** What the session says to the person. The spec has no words for an ended session. */
const SESSION_TEXT = {
  ended: 'Your session has ended. Please log in again.',
} as const;

/** `checking` while the session check runs; `ready` once the user (or its absence) is known. */
export type SessionStatus = 'idle' | 'checking' | 'ready';

export type SessionState = {
  token: string | null;
  user: User | null;
  status: SessionStatus;
};

/** Where the spec sends a user after they sign in (spec §4). */
export type SessionDestination = '/verify' | '/dashboard';

export function destinationFor(user: Pick<User, 'verified'>): SessionDestination {
  return user.verified ? '/dashboard' : '/verify';
}

/**
 * What a password login leads to: signed in, or (issue 28) a second factor to give first, for
 * an account with an authenticator app or passkeys. Then no token is stored yet.
 */
export type LoginResult =
  | { user: User; next: SessionDestination; secondFactor?: undefined }
  | { secondFactor: TwoFactorChallenge; user?: undefined; next?: undefined };

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * The session: token and user, and the calls that change them. Screens navigate with the
 * destination these calls return, so a caller that must not redirect simply ignores it.
 */
export function createSessionStore({ api = defaultApi }: { api?: ApiClient } = {}) {
  let state: SessionState = { token: readStorage(TOKEN_KEY), user: null, status: 'idle' };
  const listeners = new Set<() => void>();
  let pendingCheck: Promise<User | null> | null = null;

  function set(next: Partial<SessionState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  /** Store a fresh token and user, as login, signup, code checks and profile updates answer. */
  function signIn(token: string, user: User): SessionDestination {
    writeStorage(TOKEN_KEY, token);
    set({ token, user, status: 'ready' });
    return destinationFor(user);
  }

  function logout(): void {
    removeStorage(TOKEN_KEY);
    forgetConfirmation();
    pendingCheck = null;
    set({ token: null, user: null, status: 'ready' });
  }

  /**
   * The menu's Log Out: the session ends here at once (the screen moves on without waiting) and
   * on the server, which revokes this token so a copy of it is worth nothing. A failed call is
   * only logged: the person is logged out here either way.
   */
  function endSession(): Promise<void> {
    const token = state.token ?? readStorage(TOKEN_KEY);
    logout();
    if (!token) return Promise.resolve();
    return api.post('/auth/logout', undefined, { token }).then(
      () => undefined,
      (error: unknown) => console.error('Log out on the server failed', error),
    );
  }

  /**
   * A call with `token` was refused (401): the session ended on the server. Signs out and says
   * so once, however many calls were refused at the same time (the first one finds `token`
   * still stored, the rest do not); a refusal for an older token than the stored one is
   * ignored. The signed-in area's guard then sends the person to /login.
   */
  function sessionEnded(token: string): void {
    if (readStorage(TOKEN_KEY) !== token) return;
    logout();
    toast(SESSION_TEXT.ended);
  }

  async function login(email: string, password: string): Promise<LoginResult> {
    const answer = await api.post<LoginResponse>('/auth/login', { email, password });
    if ('twoFactorRequired' in answer) return { secondFactor: answer };
    return { user: answer.user, next: signIn(answer.token, answer.user) };
  }

  /** The second step of a login: the app code, a recovery code or a passkey for its challenge. */
  async function verifySecondFactor(
    body: TwoFactorVerifyRequest,
  ): Promise<{ user: User; next: SessionDestination }> {
    const answer = await api.post<AuthResponse>('/auth/2fa/verify', body);
    return { user: answer.user, next: signIn(answer.token, answer.user) };
  }

  /** Signs in with a passkey alone (no e-mail first): user verification makes it both factors. */
  async function passkeySignIn(
    body: PasskeySignInRequest,
  ): Promise<{ user: User; next: SessionDestination }> {
    const answer = await api.post<AuthResponse>('/auth/passkeys/sign-in', body);
    return { user: answer.user, next: signIn(answer.token, answer.user) };
  }

  async function signup(
    name: string,
    email: string,
    password: string,
  ): Promise<{ user: User; next: SessionDestination }> {
    const answer = await api.post<AuthResponse>('/auth/signup', { name, email, password });
    return { user: answer.user, next: signIn(answer.token, answer.user) };
  }

  /**
   * Spec §4: no stored token means logged out; otherwise the verify call decides. A failed
   * check is logged and ends the session. Concurrent callers share one request.
   */
  function checkSession(): Promise<User | null> {
    if (pendingCheck) return pendingCheck;
    const token = readStorage(TOKEN_KEY);
    if (!token) {
      logout();
      return Promise.resolve(null);
    }
    set({ token, status: 'checking' });
    const check = api
      .get<AuthResponse>('/auth/verify')
      .then((answer) => {
        signIn(answer.token, answer.user);
        return answer.user;
      })
      .catch((error: unknown) => {
        console.error('Session check failed', error);
        logout();
        return null;
      })
      .finally(() => {
        if (pendingCheck === check) pendingCheck = null;
      });
    pendingCheck = check;
    return check;
  }

  /** The check once per page: the user already known is trusted until the next reload. */
  function ensureSession(): Promise<User | null> {
    if (state.user && state.token) return Promise.resolve(state.user);
    return checkSession();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    getState: (): SessionState => state,
    subscribe,
    signIn,
    login,
    verifySecondFactor,
    passkeySignIn,
    signup,
    logout,
    endSession,
    sessionEnded,
    checkSession,
    ensureSession,
  };
}

/**
 * The one session of the page. web-kit is a Module Federation singleton, so the shell and every
 * remote import this same instance.
 */
export const session: SessionStore = createSessionStore();
whenSessionEnds((token) => session.sessionEnded(token));

/** The session state, re-rendering on every change. */
export function useSession(store: SessionStore = session): SessionState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
