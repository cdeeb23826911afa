/**
 * Remote discovery started by `main.ts`, before the shared modules (React, the router) have
 * loaded: `/remotes.json`, then each remote's description beside its manifest. The catalog
 * takes these responses instead of asking again, so on a signed-in first load the remote that
 * owns the path is known by the time the app renders, instead of after the guard and layout.
 *
 * Kept free of imports: it ships in `main.js`, where the contract schemas (zod) would cost more
 * than the requests save.
 */

/** `REMOTE_DESCRIPTION_FILE` of the contracts; a test holds the two together. */
const DESCRIPTION_FILE = 'dayframe-remote.json';

/** Public paths render without the catalog of remotes; every other path needs it. */
const PUBLIC_PATHS = new Set([
  '/',
  '/about',
  '/contact',
  '/privacy',
  '/login',
  '/signup',
  '/forgot',
  '/verify',
]);

const early = new Map<string, Promise<Response>>();

export function isSignedInAreaPath(pathname: string): boolean {
  return !PUBLIC_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}

/** Where a remote describes itself: beside the manifest `/remotes.json` names. */
export function descriptionUrl(manifestUrl: string, base: string): string {
  return new URL(DESCRIPTION_FILE, new URL(manifestUrl, base)).href;
}

function request(url: string): Promise<Response> {
  // The same request the catalog would make (no-cache: a redeployed remote is seen at once).
  const response = fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  response.catch(() => undefined); // the catalog reports failures when it takes the response
  early.set(url, response);
  return response;
}

/** Starts `/remotes.json` and, as soon as it answers, every remote's description. */
export function discoverRemotesEarly(base: string = globalThis.location.href): void {
  request(new URL('/remotes.json', base).href)
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((list) => {
      const remotes = (list as { remotes?: unknown } | null)?.remotes;
      if (!Array.isArray(remotes)) return;
      for (const remote of remotes as { entry?: unknown }[])
        if (typeof remote?.entry === 'string') request(descriptionUrl(remote.entry, base));
    })
    .catch(() => undefined);
}

/**
 * `fetch` for the catalog: a response started early is handed out once (a Retry asks the
 * server again); the caller's abort signal still ends the wait, as for its own requests.
 */
export const fetchTakingEarly: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const started = early.get(url);
  if (!started) return fetch(input, init);
  early.delete(url);
  const signal = init?.signal;
  if (!signal) return started;
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    started.then(resolve, reject);
  });
};
