/**
 * Where a remote's manifest may come from. The shell runs the code a manifest points at with the
 * page's full rights, so in production it must arrive over TLS: an `http://` manifest lets
 * anyone on the path swap in their own script, and `http://localhost` is whatever process
 * listens on the visitor's own machine. A path on the gateway itself is fine. Outside
 * production plain http is allowed too (laptops, tests).
 *
 * Only the canonical form is accepted, written as the browser's URL parser would write it back:
 * browsers read `/\evil.example/x` as `//evil.example/x` (another host), `https:evil` as
 * `https://evil/`, and drop tabs and newlines, so a value that differs from its own
 * serialization means something other than what it appears to. Nor may a URL carry user-info
 * (`https://cdn.example@evil.example/`).
 */
export function remoteUrlAllowed(entry: string, production: boolean): boolean {
  if (!entry || [...entry].some(notInCanonicalUrl)) return false;
  if (entry.startsWith('/')) {
    if (entry.startsWith('//')) return false;
    // A path on this origin, and nothing a parser would resolve elsewhere or rewrite.
    const resolved = new URL(entry, ORIGIN);
    return resolved.origin === ORIGIN && resolved.href === ORIGIN + entry;
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return false;
  }
  if (url.href !== entry || url.username !== '' || url.password !== '' || url.hostname === '')
    return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && !production;
}

/** Control characters, spaces and backslashes: never part of a canonical URL or path. */
function notInCanonicalUrl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code <= 0x20 || code === 0x7f || char === '\\';
}

/** A stand-in origin to resolve a path on the gateway against. */
const ORIGIN = 'https://gateway.invalid';

const RULES = {
  production:
    'must be an https:// URL when NODE_ENV=production, in canonical form (no user-info, backslash or control character)',
  development:
    'must be an http(s):// URL in canonical form (no user-info, backslash or control character)',
};
const MFE_URLS = ['MFE_JOURNALS_URL', 'MFE_GOALS_URL', 'MFE_CALENDAR_URL', 'MFE_ACCOUNT_URL'];

/**
 * Config check (gateway and embedded): an `MFE_*_URL` that is not allowed (an `http://` one in
 * production, a non-canonical one anywhere) stops the start, naming it.
 */
export function refuseInsecureRemotes<T extends { NODE_ENV: string }>(config: T): T {
  const values = config as unknown as Record<string, unknown>;
  const production = config.NODE_ENV === 'production';
  const refused = MFE_URLS.filter((name) => {
    const value = values[name];
    return typeof value === 'string' && !remoteUrlAllowed(value, production);
  });
  if (refused.length > 0) {
    throw new Error(
      `Invalid configuration: ${refused.map((name) => `${name}: ${RULES[production ? 'production' : 'development']}`).join('; ')}`,
    );
  }
  return config;
}
