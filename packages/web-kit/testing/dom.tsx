import { afterEach, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ConfirmItsYou, session, Toaster, Route, Routes, useLocation } from '@dayframe/web-kit';
import { dismissToast, getToasts, type ToastKind } from '../toast.ts';

// Component tests share the page-wide session and toasts; each test starts from nothing.
afterEach(() => {
  cleanup();
  dismissToast();
  session.logout();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/**
 * Renders `app` (a remote's `<Routes>`, say) at `path`, with the toaster, the step-up dialog
 * and a path marker, as the shell has them.
 */
export function renderRoutes(path: string, app: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {app}
      <Where />
      <Toaster />
      <ConfirmItsYou />
    </MemoryRouter>,
  );
}

/** Renders `element` at `path` with the toaster, and a marker for every other path. */
export function renderAt(path: string, routes: Record<string, ReactNode>) {
  return renderRoutes(
    path,
    <Routes>
      {Object.entries(routes).map(([routePath, element]) => (
        <Route key={routePath} path={routePath} element={element} />
      ))}
      <Route path="*" element={null} />
    </Routes>,
  );
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The messages of the toasts on screen. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('[data-kind]')).map((el) => el.textContent ?? '');
}

/** The messages of the toasts shown (of `kind` only, if given), oldest first, with or without a `<Toaster>`. */
export function toastMessages(kind?: ToastKind): string[] {
  return getToasts()
    .filter((t) => !kind || t.kind === kind)
    .map((t) => t.message);
}
