import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink } from 'react-router';
import { Toaster, session, toast, useSession } from '@dayframe/web-kit';
import Routes from './routes.tsx';
import './standalone.css';

/**
 * Signs in against the gateway this dev server proxies `/api` to. The shell is on another
 * origin, so its stored token is not visible here.
 */
function DevSignIn() {
  const { token } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  if (token) {
    return (
      <button type="button" className="btn btn-ghost btn-xs ml-auto" onClick={session.logout}>
        Sign out
      </button>
    );
  }
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await session.login(email, password);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Sign-in failed');
    }
  }
  return (
    <form onSubmit={onSubmit} className="ml-auto flex flex-wrap items-center gap-2">
      <input
        aria-label="Email"
        className="input input-xs w-44"
        type="email"
        placeholder="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <input
        aria-label="Password"
        className="input input-xs w-36"
        type="password"
        placeholder="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button className="btn btn-primary btn-xs">Sign in</button>
    </form>
  );
}

/** This remote alone, for development: no shell, no guard, just its routes and a sign-in. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <nav
        aria-label="Standalone"
        className="flex flex-wrap items-center gap-3 border-b border-base-300 bg-base-100 p-3 text-sm"
      >
        <span className="font-semibold">mfe_journals (standalone)</span>
        <NavLink className="link" to="/journals">
          My Journals
        </NavLink>
        <NavLink className="link" to="/journals/create">
          Create
        </NavLink>
        <NavLink className="link" to="/entry">
          New Entry
        </NavLink>
        <DevSignIn />
      </nav>
      <main className="mx-auto min-h-screen max-w-6xl bg-base-200/60 px-4 py-8 sm:px-6 lg:px-10">
        <Routes />
      </main>
      <Toaster />
    </BrowserRouter>
  </StrictMode>,
);
