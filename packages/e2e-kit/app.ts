// The app under browser test: gateway, built front ends, Chromium, and shortcuts to a signed-in page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { composeGateway, gatewayConfig } from '@dayframe/gateway';
import { silentLogger } from '@dayframe/service-kit';
import { apiClient, launchBrowser, listen, tempDataDir, VIEWPORTS } from '@dayframe/test-kit';

export type App = Awaited<ReturnType<typeof startApp>>;

export async function startApp(env: Record<string, string> = {}) {
  const dataDir = tempDataDir();
  const config = gatewayConfig({
    DATA_DIR: dataDir.dir,
    JWT_SECRET: 'browser-test-secret-that-is-long-enough-0123',
    BCRYPT_COST: '4',
    LOG_LEVEL: 'silent',
    ...env,
  } as NodeJS.ProcessEnv);
  const gateway = composeGateway(config, silentLogger());
  await gateway.start();
  const server = await listen(gateway.app.callback());
  const browser: Browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const api = apiClient(server.url);

  /** The latest code mailed to `email`, read from the development outbox. */
  async function outboxCode(email: string): Promise<string> {
    const dir = join(dataDir.dir, 'outbox');
    for (let i = 0; i < 100; i++) {
      try {
        const files = readdirSync(dir).sort().reverse();
        for (const file of files) {
          const mail = JSON.parse(readFileSync(join(dir, file), 'utf8'));
          if (mail.to === email) return /\b(\d{6})\b/.exec(mail.text)![1]!;
        }
      } catch {
        // no outbox yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${email}`);
  }

  return {
    url: server.url,
    api,
    dataDir: dataDir.dir,
    outboxCode,
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
      return context.newPage();
    },
    /** A verified account made over the API, and a page already signed in as it. */
    async signedIn(
      name: string,
      email: string,
      viewport: keyof typeof VIEWPORTS = 'desktop',
      options: { timezoneId?: string } = {},
    ) {
      const password = 'correct horse battery';
      await api.call('POST', '/api/auth/signup', { body: { name, email, password } });
      await api.call('POST', '/api/auth/otp/send', { body: { email } });
      const verified = await api.call('POST', '/api/auth/otp/verify', {
        body: { email, otp: await outboxCode(email) },
      });
      const page = await this.page(viewport, options);
      await page.goto('/');
      await page.evaluate(
        (token) => localStorage.setItem('token', token),
        verified.body.token as string,
      );
      return { page, token: verified.body.token as string, user: verified.body.user, password };
    },
    async stop() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await server.close();
      await gateway.stop();
      dataDir.remove();
    },
  };
}
