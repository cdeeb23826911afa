import type { CDPSession, Page } from 'playwright-core';

/**
 * The app's address with `localhost` for `127.0.0.1`: a WebAuthn relying party id must be a
 * domain, and identity's default RP id is `localhost` with `http://localhost:<PORT>` as origin.
 */
export function localhostUrl(url: string): string {
  const address = new URL(url);
  address.hostname = 'localhost';
  return address.origin;
}

/**
 * A platform authenticator in the page's browser (Chromium's DevTools protocol): it makes and
 * answers passkeys at once, the user verified, as a fingerprint reader that always says yes.
 * Answers the session and the authenticator's id, to list or remove what it holds.
 */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string; credentials: () => Promise<unknown[]> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
