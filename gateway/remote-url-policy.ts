/**
 * Where a remote's manifest may come from. The shell runs the code a manifest points at with the
 * page's full rights, so in production it must arrive over TLS: an `http://` manifest on the
 * network lets anyone on the path swap in their own script. Loopback (`http://localhost`,
 * `127.0.0.1`, `[::1]`) cannot be intercepted and stays allowed, as does a path on the gateway
 * itself. Outside production plain http is fine (laptops, tests).
 */
export function remoteUrlAllowed(entry: string, production: boolean): boolean {
  if (entry.startsWith('/') && !entry.startsWith('//')) return true;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  if (url.protocol !== 'http:') return false;
  return !production || LOOPBACK.has(url.hostname);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const RULE = 'must be an https:// URL when NODE_ENV=production';
const MFE_URLS = ['MFE_JOURNALS_URL', 'MFE_GOALS_URL', 'MFE_CALENDAR_URL', 'MFE_ACCOUNT_URL'];

/** Config check (gateway and embedded): an `http://` `MFE_*_URL` stops a production start. */
export function refuseInsecureRemotes<T extends { NODE_ENV: string }>(config: T): T {
  const values = config as unknown as Record<string, unknown>;
  const production = config.NODE_ENV === 'production';
  const refused = MFE_URLS.filter((name) => {
    const value = values[name];
    return typeof value === 'string' && !remoteUrlAllowed(value, production);
  });
  if (refused.length > 0) {
    throw new Error(
      `Invalid configuration: ${refused.map((name) => `${name}: ${RULE}`).join('; ')}`,
    );
  }
  return config;
}
