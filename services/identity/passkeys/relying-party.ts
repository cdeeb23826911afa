import { GATEWAY } from '@dayframe/catalog';

/** Who passkeys are made for: the relying party id and the origins a ceremony may come from. */
export type RelyingParty = { rpId: string; origins: string[] };

type RelyingPartySettings = {
  NODE_ENV: string;
  WEBAUTHN_RP_ID?: string | undefined;
  WEBAUTHN_ORIGINS?: string[] | undefined;
};

/**
 * The relying party as configured. Outside production, unset values default to what
 * `npm start` serves: RP id `localhost` and `http://localhost:<port>`, the port the browser
 * opens (the gateway's `PORT`; identity in its own process is reached through the gateway,
 * 8080 unless told). Browsers refuse WebAuthn on IP addresses, so 127.0.0.1 is no default. In
 * production both must be set: a guessed origin would make every passkey fail, or bind them to
 * the wrong domain for good. Every origin must be https (http only for localhost, a secure
 * context) and lie on the RP id's domain, checked at start so a typo never reaches a user.
 */
export function relyingPartyOf(
  config: RelyingPartySettings,
  appPort: number = GATEWAY.port,
): RelyingParty {
  const production = config.NODE_ENV === 'production';
  const missing = [
    !config.WEBAUTHN_RP_ID && 'WEBAUTHN_RP_ID',
    !config.WEBAUTHN_ORIGINS?.length && 'WEBAUTHN_ORIGINS',
  ].filter(Boolean);
  if (production && missing.length > 0)
    throw new Error(`Invalid configuration: ${missing.join(', ')} required in production`);
  const rpId = config.WEBAUTHN_RP_ID ?? 'localhost';
  const origins = config.WEBAUTHN_ORIGINS?.length
    ? config.WEBAUTHN_ORIGINS
    : [`http://localhost:${appPort}`];
  return { rpId, origins: origins.map((origin) => checkedOrigin(origin, rpId)) };
}

function checkedOrigin(value: string, rpId: string): string {
  const problem = (why: string) =>
    new Error(`Invalid configuration: WEBAUTHN_ORIGINS: ${value} ${why}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw problem('is not a URL');
  }
  if (url.origin !== value.replace(/\/$/, '')) throw problem('must be an origin (no path)');
  const host = url.hostname;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && host === 'localhost'))
    throw problem('must be https (http only on localhost)');
  if (host !== rpId && !host.endsWith(`.${rpId}`))
    throw problem(`is not on the WEBAUTHN_RP_ID domain ${rpId}`);
  return url.origin;
}
