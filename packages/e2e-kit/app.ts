// The app under browser test: gateway, built front ends, Chromium, and shortcuts to a signed-in page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiClient,
  launchBrowser,
  startProcess,
  tempDataDir,
  testTokenKeys,
  VIEWPORTS,
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

  /** The codes mailed to `email` so far, oldest first, read from the development outbox. */
  function codesMailedTo(email: string): string[] {
    const dir = join(dataDir.dir, 'outbox');
    let files: string[];
    try {
      files = readdirSync(dir).sort();
    } catch {
      return []; // no outbox yet
    }
    const codes: string[] = [];
    for (const file of files) {
      let mail: { to?: string; text?: string };
      try {
        mail = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      } catch {
        break; // still being written: read again on the next poll
      }
      // Notices (an e-mail change) carry no code.
      const code = mail.to === email ? /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] : undefined;
      if (code) codes.push(code);
    }
    return codes;
  }

  /** Waits, five seconds at most, for more than `known` codes mailed to `email`; the newest. */
  async function codeAfter(email: string, known: number): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const codes = codesMailedTo(email);
      if (codes.length > known) return codes[codes.length - 1]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no new mail to ${email}`);
  }

  /** The latest code mailed to `email` (waiting for a first one). */
  function outboxCode(email: string): Promise<string> {
    return codeAfter(email, 0);
  }

  /**
   * Call before the step that mails a code; the function it returns waits for that code. The
   * mail is written by a job after the request has been answered, so right after the step the
   * outbox may still hold only the previous code, which is spent.
   */
  function nextOutboxCode(email: string): () => Promise<string> {
    const known = codesMailedTo(email).length;
    return () => codeAfter(email, known);
  }

  /** A verified account made over the API: its token, user and password. */
  async function verifiedAccount(name: string, email: string) {
    const password = 'correct horse battery';
    await api.call('POST', '/api/auth/signup', { body: { name, email, password } });
    await api.call('POST', '/api/auth/otp/send', { body: { email } });
    const verified = await api.call('POST', '/api/auth/otp/verify', {
      body: { email, otp: await outboxCode(email) },
    });
    return { token: verified.body.token as string, user: verified.body.user, password };
  }

  return {
    url: server.url,
    api,
    dataDir: dataDir.dir,
    outboxCode,
    nextOutboxCode,
    verifiedAccount,
    async stop() {
      await server.stop();
      dataDir.remove();
    },
  };
}

/** The app under browser test: {@link startServer} and Chromium. */
export async function startApp(env: Record<string, string> = {}) {
  const server = await startServer(env);
  const browser: Browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  return {
    ...server,
    async page(
      viewport: keyof typeof VIEWPORTS = 'desktop',
      options: { timezoneId?: string } = {},
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
      options: { timezoneId?: string } = {},
    ) {
      const { token, user, password } = await server.verifiedAccount(name, email);
      const page = await this.page(viewport, options);
      await page.goto('/');
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      return { page, token, user, password };
    },
    async stop() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.stop();
    },
  };
}
