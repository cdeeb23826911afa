import { readStorage, writeStorage } from './storage.ts';

/** Spec §9. The first is the default; dark is also picked when the system prefers it. */
export const THEMES = ['light', 'dark', 'cupcake', 'business', 'lofi'] as const;
export type Theme = (typeof THEMES)[number];

/** Local-storage key; `shell/public/theme-init.js` reads the same key before first paint. */
const THEME_KEY = 'theme';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The theme the user chose, or null when they never chose one (the system preference applies). */
export function getStoredTheme(): Theme | null {
  const stored = readStorage(THEME_KEY);
  return isTheme(stored) ? stored : null;
}

/** The theme in effect on the page: the chosen one, else dark or light by system preference. */
export function currentTheme(): Theme {
  const stored = getStoredTheme();
  if (stored) return stored;
  const prefersDark = globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return prefersDark ? 'dark' : 'light';
}

function applyTheme(theme: Theme | null, root: HTMLElement = document.documentElement): void {
  if (theme) root.setAttribute('data-theme', theme);
  else root.removeAttribute('data-theme');
}

/** Remember `theme` in this browser and show it at once. */
export function setTheme(theme: Theme): void {
  if (!isTheme(theme)) throw new RangeError(`Unknown theme: ${String(theme)}`);
  writeStorage(THEME_KEY, theme);
  applyTheme(theme);
}
