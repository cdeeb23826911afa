import { useSyncExternalStore } from 'react';

/** Tailwind's `lg`: from here the users fit a table; below it each user is a card. */
const WIDE = '(min-width: 64rem)';

function subscribe(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(WIDE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function isWide(): boolean {
  return globalThis.matchMedia?.(WIDE).matches ?? true;
}

/** True on screens wide enough for the users table. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
