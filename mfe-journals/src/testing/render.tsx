import { afterEach, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { dismissToast, Toaster } from '@dayframe/web-kit';
import JournalsRoutes from '../routes.tsx';

// The toast list is page-wide; each test starts with none and with real timers and fetch.
afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

/** This remote's routes at `path`, as the shell mounts them, with the toaster. */
export function renderRoute(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <JournalsRoutes />
      <Where />
      <Toaster />
    </MemoryRouter>,
  );
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The messages of the toasts on screen. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('[data-kind]')).map((el) => el.textContent ?? '');
}
