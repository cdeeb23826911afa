import {
  StrictMode,
  useEffect,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { createRoot } from 'react-dom/client';
// Through the package name, like any remote's code, so Module Federation hands this page the
// same shared web-kit (one session store) as the remote's routes.
import {
  BrowserRouter,
  ConfirmItsYou,
  Link,
  PageSpinner,
  Toaster,
  isApiError,
  session,
  toast,
  useSession,
} from '@dayframe/web-kit';

/**
 * Without the shell there is no guard: check the stored session and, with none, offer a plain
 * sign-in against the gateway `/api` is proxied to, so the screens run with a real user.
 */
function DevSession({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    void session.ensureSession();
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await session.login(email, password);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'Sign-in failed');
    }
  }

  if (status !== 'ready') return <PageSpinner />;
  if (user) return <>{children}</>;
  return (
    <form onSubmit={onSubmit} className="mx-auto mt-10 max-w-sm space-y-3">
      <p className="text-sm text-base-content/70">
        Sign in with an account of the gateway at <code>/api</code> (npm start at the root).
      </p>
      <input
        className="input w-full"
        aria-label="Email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <input
        className="input w-full"
        aria-label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="btn btn-primary w-full">
        Log In
      </button>
    </form>
  );
}

/**
 * Mounts a remote on its own page, for development (`npm run dev` inside it): no shell, just
 * its routes behind a dev sign-in, with links to its paths.
 */
export function mountStandalone(options: {
  name: string;
  paths: string[];
  routes: ComponentType;
}): void {
  const Routes = options.routes;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <nav
          aria-label="Standalone"
          className="flex flex-wrap items-center gap-3 border-b border-base-300 p-3 text-sm"
        >
          <span className="font-semibold">{options.name} (standalone)</span>
          {options.paths.map((path) => (
            <Link key={path} className="link" to={path}>
              {path}
            </Link>
          ))}
          <button type="button" className="link ml-auto" onClick={() => session.logout()}>
            Log out
          </button>
        </nav>
        <main className="mx-auto max-w-5xl p-6">
          <DevSession>
            <Routes />
          </DevSession>
        </main>
        <Toaster />
        <ConfirmItsYou />
      </BrowserRouter>
    </StrictMode>,
  );
}
