import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '@dayframe/e2e-kit';
import { freePort, tempDataDir } from '@dayframe/test-kit';
import { injectFault } from './_load.ts';

describe("a remote's manifest that answers 404, then hangs (browser)", () => {
  const work = tempDataDir();
  let mode: '404' | 'hang' = '404';
  let server: Server;
  let app: App;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      if (mode === '404')
        res.writeHead(404, { 'access-control-allow-origin': '*' }).end('not found');
      // 'hang': accept and never answer
    });
    const port = await freePort();
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
    const remotesFile = join(work.dir, 'remotes.json');
    writeFileSync(
      remotesFile,
      JSON.stringify({ mfe_goals: `http://127.0.0.1:${port}/mf-manifest.json` }),
    );
    app = await startApp({ REMOTES_FILE: remotesFile });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    server.closeAllConnections();
    server.close();
    work.remove();
  });

  for (const current of ['404', 'hang'] as const) {
    it(
      `shows the fallback when the manifest ${current === '404' ? 'answers 404' : 'hangs'}, and other routes keep working`,
      () =>
        injectFault(
          `remote manifest ${current === '404' ? 'answering 404' : 'hanging'}`,
          async (tally) => {
            mode = current;
            const { page } = await app.signedIn(`User ${current}`, `user-${current}@example.com`);
            await page.goto('/goals');
            await expect
              .poll(() => page.getByText("This part of Dayframe couldn't load.").count(), {
                timeout: 20_000,
              })
              .toBe(1);
            expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
            await page.getByRole('link', { name: 'Journals' }).first().click();
            await expect
              .poll(() => page.getByRole('heading', { name: 'My Journals' }).count())
              .toBeGreaterThan(0);
            await page.getByRole('link', { name: 'Dashboard' }).first().click();
            await expect
              .poll(() => page.getByText('What would you like to do today?').count())
              .toBe(1);
            tally.requests = 3; // the remote route, then two others that must keep working
          },
        ),
      60_000,
    );
  }
});
