import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRemote, startApp, type App } from '@dayframe/e2e-kit';
import { REPO_ROOT, tempDataDir } from '@dayframe/test-kit';

describe('deploying a remote without touching the shell', () => {
  const work = tempDataDir();
  const remotesFile = join(work.dir, 'remotes.json');
  let app: App;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    writeFileSync(remotesFile, '{}');
    app = await startApp({ REMOTES_FILE: remotesFile });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    for (const close of closers) close();
    work.remove();
  });

  async function deploy(version: string, patch?: (js: string) => string) {
    const dir = join(work.dir, version);
    cpSync(join(REPO_ROOT, 'mfe-goals', 'dist'), dir, { recursive: true });
    if (patch) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
        writeFileSync(join(dir, file), patch(readFileSync(join(dir, file), 'utf8')));
      }
    }
    const served = await serveRemote(dir);
    closers.push(served.close);
    return served.url;
  }

  it('picks up a remote at a new URL on the next page load, with nothing rebuilt or restarted', async () => {
    const { page } = await app.signedIn('Dev', 'dev@example.com');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/goals');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Goals', exact: true }).count())
      .toBe(1);
    expect(requested.some((u) => u.includes('/remotes/mfe-goals/'))).toBe(true);

    const v2 = await deploy('v2');
    writeFileSync(remotesFile, JSON.stringify({ mfe_goals: `${v2}/mf-manifest.json` }));
    requested.length = 0;
    const cspErrors: string[] = [];
    page.on(
      'console',
      (m) =>
        m.type() === 'error' &&
        /Content Security Policy/.test(m.text()) &&
        cspErrors.push(m.text()),
    );
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Goals', exact: true }).count())
      .toBe(1);
    expect(requested.some((u) => u.startsWith(`${v2}/`))).toBe(true);
    expect(requested.some((u) => u.includes('/remotes/mfe-goals/'))).toBe(false);
    expect(cspErrors).toEqual([]);
  });

  it('refuses a remote built against another React major with a clear message, not a broken page', async () => {
    const react18 = await deploy('react18', (js) =>
      js.replaceAll('requiredVersion:"~19.3.1"', 'requiredVersion:"^18.3.1"'),
    );
    writeFileSync(remotesFile, JSON.stringify({ mfe_goals: `${react18}/mf-manifest.json` }));
    const { page } = await app.signedIn('Ver', 'ver@example.com');
    await page.goto('/goals');
    await expect
      .poll(
        () =>
          page
            .getByText('This part of Dayframe was built for a different version of the app.')
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    // The rest of the app is intact.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect.poll(() => page.getByText('What would you like to do today?').count()).toBe(1);
  });
});
