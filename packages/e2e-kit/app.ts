// The app under browser test: gateway, built front ends, Chromium, and shortcuts to a signed-in page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiClient,
  sharedBrowser,
  outbox,
  startProcess,
  tempDataDir,
  testTokenKeys,
  VIEWPORTS,
  verifiedAccount,
} from '@dayframe/test-kit';
import { TOAST_RECORDER } from './toasts.ts';

export type App = Awaited<ReturnType<typeof startApp>>;
export type AppServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The embedded app over real HTTP, run as `npm start` runs it (`embedded/main.ts` in a process
 * of its own, on a fresh data directory), with shortcuts to verified accounts; no browser.
 */
export async function startServer(env: Record<string, string> = {}) {
  const dataDir = tempDataDir();
  const server = await startProcess(
    'embedded/main.ts',
    {
      DATA_DIR: dataDir.dir,
      JWT_PRIVATE_KEY: testTokenKeys().privateKey,
      BCRYPT_COST: '4',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
      SIGNUPS_PER_MINUTE: '10000',
      LOG_LEVEL: 'silent',
      SHUTDOWN_GRACE_MS: '0',
      ...env,
    },
    { isolated: true },
  );
  const api = apiClient(server.url);

  const mail = outbox(dataDir.dir);

  /**
   * Call before the step that mails a code; the function it returns waits for that code. The
   * mail is written by a job after the request has been answered, so right after the step the
   * outbox may still hold only the previous code, which is spent.
   */
  function nextOutboxCode(email: string): () => Promise<string> {
    const known = mail.codesMailedTo(email).length;
    return () => mail.codeAfter(email, known);
  }

  /** A verified account made over the API: its token, user and password. */
  function verifiedAccountOf(name: string, email: string) {
    return verifiedAccount(api, { name, email }, mail.code);
  }

  return {
    url: server.url,
    api,
    dataDir: dataDir.dir,
    /** The server's process id (to read its memory from /proc). */
    pid: server.child.pid!,
    /** The latest code mailed to `email` (waiting for a first one). */
    outboxCode: mail.code,
    nextOutboxCode,
    verifiedAccount: verifiedAccountOf,
    async stop() {
      await server.stop();
      dataDir.remove();
    },
  };
}

/** The app under browser test: {@link startServer} and the worker's Chromium. */
export async function startApp(env: Record<string, string> = {}) {
  const server = await startServer(env);
  const browser: Browser = await sharedBrowser();
  const contexts: BrowserContext[] = [];
  return {
    ...server,
    /**
     * A page in a context of its own. `baseURL` another address of the same app: passkeys need
     * `http://localhost:<port>` (see `localhostUrl`), as browsers refuse WebAuthn on an IP address.
     */
    async page(
      viewport: keyof typeof VIEWPORTS = 'desktop',
      options: { timezoneId?: string; baseURL?: string } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        viewport: VIEWPORTS[viewport],
        baseURL: server.url,
        ...options,
      });
      contexts.push(context);
      await context.addInitScript(TOAST_RECORDER);
      return context.newPage();
    },
    /** A verified account made over the API, and a page already signed in as it. */
    async signedIn(
      name: string,
      email: string,
      viewport: keyof typeof VIEWPORTS = 'desktop',
      options: { timezoneId?: string; baseURL?: string } = {},
    ) {
      const { token, user, password } = await server.verifiedAccount(name, email);
      const page = await this.page(viewport, options);
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      return { page, token, user, password };
    },
    async stop() {
      // The browser is the worker's, shared with the files after this one.
      for (const context of contexts) await context.close().catch(() => undefined);
      await server.stop();
    },
  };
}
