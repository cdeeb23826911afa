import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { PageSpinner, session, Route, Routes, useLocation } from '@dayframe/web-kit';
import { RequireUser } from './features/app/components/require-user.tsx';
import { preloadable } from './features/app/components/preloadable.tsx';
import { isSignedInAreaPath } from './features/remotes/api/early-discovery.ts';
import { isDashboardPath } from './features/remotes/remote-paths.ts';

// Every screen loads when visited. The public pages' frame and the landing page too: a signed-in
// first visit needs neither, and the prerendered public pages show their markup meanwhile.
const importPublicLayout = () => import('./features/public/components/public-layout.tsx');
const PublicLayout = lazy(() => importPublicLayout().then((m) => ({ default: m.PublicLayout })));
const LandingPage = lazy(() =>
  import('./features/public/routes/landing.tsx').then((m) => ({ default: m.LandingPage })),
);
const AboutPage = lazy(() =>
  import('./features/public/routes/about.tsx').then((m) => ({ default: m.AboutPage })),
);
const ContactPage = lazy(() =>
  import('./features/public/routes/contact.tsx').then((m) => ({ default: m.ContactPage })),
);
const PrivacyPage = lazy(() =>
  import('./features/public/routes/privacy.tsx').then((m) => ({ default: m.PrivacyPage })),
);
const NotFoundPage = lazy(() =>
  import('./features/public/routes/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const LoginPage = lazy(() =>
  import('./features/auth/routes/login.tsx').then((m) => ({ default: m.LoginPage })),
);
const SignupPage = lazy(() =>
  import('./features/auth/routes/signup.tsx').then((m) => ({ default: m.SignupPage })),
);
const ForgotPage = lazy(() =>
  import('./features/auth/routes/forgot.tsx').then((m) => ({ default: m.ForgotPage })),
);
const VerifyPage = lazy(() =>
  import('./features/auth/routes/verify.tsx').then((m) => ({ default: m.VerifyPage })),
);
// The signed-in area's screens: the boot starts them before the guard renders.
const AppLayout = preloadable(() =>
  import('./features/app/components/app-layout.tsx').then((m) => m.AppLayout),
);
const DashboardPage = preloadable(() =>
  import('./features/app/routes/dashboard.tsx').then((m) => m.DashboardPage),
);
// The catalog of remotes (and the schemas it parses with) loads with the signed-in area only.
const AppAreaGate = preloadable(() =>
  import('./features/app/components/app-area.tsx').then((m) => m.AppArea),
);
const RemoteOutlet = preloadable(() =>
  import('./features/remotes/components/remote-outlet.tsx').then((m) => m.RemoteOutlet),
);
const importRemoteLoader = () => import('./features/remotes/api/load-remote-routes.ts');

/** The public pages drawn inside the public frame (PublicLayout). */
const FRAMED_PUBLIC_PATHS = new Set(['/', '/about', '/contact', '/privacy']);

/**
 * A page load that opens on a public page starts its frame at once, beside the app's own
 * chunk, rather than after it: the page's screen loads inside the frame.
 */
export function startPublicPage(pathname: string): void {
  if (FRAMED_PUBLIC_PATHS.has(pathname.replace(/\/+$/, '') || '/')) void importPublicLayout();
}

/**
 * A page load that opens in the signed-in area starts everything its first screen needs at
 * once: the session check, the area's chunks, and the routes of the remote owning the path
 * (its manifest, `remoteEntry.js` and route chunk). Rendered one after another (guard, then
 * layout, then outlet, then remote) they would take a round trip each.
 */
export function startSignedInArea(pathname: string): void {
  if (!isSignedInAreaPath(pathname)) return;
  void session.ensureSession();
  void AppAreaGate.preload();
  void AppLayout.preload();
  if (isDashboardPath(pathname)) {
    void DashboardPage.preload();
    return;
  }
  void RemoteOutlet.preload();
  // Someone signed out is sent to /login: their visit needs none of a remote's code.
  if (session.getState().token) void importRemoteLoader().then((m) => m.preloadRemoteFor(pathname));
}

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

/**
 * The signed-in area: the dashboard and every remote's routes share one guarded layout, so the
 * menu stays put while moving between them. Any other path is the public 404.
 */
function AppArea() {
  return (
    <Loading>
      <AppAreaGate.Component
        app={
          <RequireUser>
            <Loading>
              <AppLayout.Component />
            </Loading>
          </RequireUser>
        }
        notFound={
          <PublicLayout>
            <Loading>
              <NotFoundPage />
            </Loading>
          </PublicLayout>
        }
      />
    </Loading>
  );
}

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollTo, and React would take it
    // for a clean-up function.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route
          element={
            <Loading>
              <PublicLayout />
            </Loading>
          }
        >
          <Route
            index
            element={
              <Loading>
                <LandingPage />
              </Loading>
            }
          />
          <Route
            path="about"
            element={
              <Loading>
                <AboutPage />
              </Loading>
            }
          />
          <Route
            path="contact"
            element={
              <Loading>
                <ContactPage />
              </Loading>
            }
          />
          <Route
            path="privacy"
            element={
              <Loading>
                <PrivacyPage />
              </Loading>
            }
          />
        </Route>
        <Route
          path="login"
          element={
            <Loading>
              <LoginPage />
            </Loading>
          }
        />
        <Route
          path="signup"
          element={
            <Loading>
              <SignupPage />
            </Loading>
          }
        />
        <Route
          path="forgot"
          element={
            <Loading>
              <ForgotPage />
            </Loading>
          }
        />
        <Route
          path="verify"
          element={
            <RequireUser allowUnverified>
              <Loading>
                <VerifyPage />
              </Loading>
            </RequireUser>
          }
        />
        <Route element={<AppArea />}>
          <Route
            path="dashboard"
            element={
              <Loading>
                <DashboardPage.Component />
              </Loading>
            }
          />
          <Route
            path="*"
            element={
              <Loading>
                <RemoteOutlet.Component />
              </Loading>
            }
          />
        </Route>
      </Routes>
    </>
  );
}
