// The app under browser test: gateway, built front ends, Chromium, and shortcuts to a signed-in page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { composeEmbedded, embeddedConfig } from '@dayframe/embedded';
import { silentLogger } from '@dayframe/service-kit';
import {
  apiClient,
  launchBrowser,
  listen,
  tempDataDir,
  testTokenKeys,
  VIEWPORTS,
} from '@dayframe/test-kit';
import { TOAST_RECORDER } from './toasts.ts';

export type App = Awaited<ReturnType<typeof startApp>>;
export type AppServer = Awaited<ReturnType<typeof startServer>>;

/** The embedded gateway over real HTTP, with shortcuts to verified accounts; no browser. */
export async function startServer(env: Record<string, string> = {}) {
  const dataDir = tempDataDir();
  const config = embeddedConfig({
    DATA_DIR: dataDir.dir,
    JWT_PRIVATE_KEY: testTokenKeys().privateKey,
    BCRYPT_COST: '4',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
    SIGNUPS_PER_MINUTE: '10000',
    LOG_LEVEL: 'silent',
    ...env,
  } as NodeJS.ProcessEnv);
  const gateway = composeEmbedded(config, silentLogger());
  await gateway.start();
  const server = await listen(gateway.app.callback());
  const api = apiClient(server.url);

  /** The latest code mailed to `email`, read from the development outbox. */
  async function outboxCode(email: string): Promise<string> {
    const dir = join(dataDir.dir, 'outbox');
    for (let i = 0; i < 100; i++) {
      try {
        const files = readdirSync(dir).sort().reverse();
        for (const file of files) {
          const mail = JSON.parse(readFileSync(join(dir, file), 'utf8'));
          // Notices (an e-mail change) carry no code: the newest mail with one is the code.
          const code = mail.to === email ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
          if (code) return code;
        }
      } catch {
        // no outbox yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${email}`);
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
    verifiedAccount,
    async stop() {
      await server.close();
      await gateway.stop();
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
