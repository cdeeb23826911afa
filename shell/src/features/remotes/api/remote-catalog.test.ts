import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '@dayframe/test-kit';
import { publishedDescription } from '../testing/described-remotes.ts';
import { createCatalogStore, fetchRemoteCatalog, isIncomplete } from './remote-catalog.ts';

/** A real HTTP server answering `/remotes.json` and each remote's description, some badly. */
describe('the catalog of remotes, read at run time', () => {
  let server: Server;
  let base: string;
  const served: Record<string, () => { status: number; body: unknown } | 'hang'> = {};
  const requested: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requested.push(req.url ?? '');
      const answer = served[req.url ?? '']?.();
      if (answer === 'hang') return; // accepts and never answers
      res.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer?.body ?? { message: 'Not found' }));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${port}/`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  function list(...remotes: [string, string][]) {
    served['/remotes.json'] = () => ({
      status: 200,
      body: { remotes: remotes.map(([name, entry]) => ({ name, entry })) },
    });
  }

  it('reads each description beside its manifest, keeping unknown fields out and order in', async () => {
    list(
      ['mfe_goals', '/remotes/mfe-goals/mf-manifest.json'],
      ['mfe_journals', '/j/v2/mf-manifest.json'],
    );
    served['/remotes/mfe-goals/dayframe-remote.json'] = () => ({
      status: 200,
      body: { ...publishedDescription('mfe-goals'), palette: { colour: 'red' } },
    });
    served['/j/v2/dayframe-remote.json'] = () => ({
      status: 200,
      body: publishedDescription('mfe-journals'),
    });
    const catalog = await fetchRemoteCatalog({ base });
    expect(catalog.remotes.map((r) => r.name)).toEqual(['mfe_goals', 'mfe_journals']);
    expect(catalog.remotes[0]!.description?.routes).toEqual(['/goals', '/goals/*']);
    expect(catalog.remotes[0]!.description).not.toHaveProperty('palette');
    expect(catalog.remotes[1]!.description?.menu.map((m) => m.label)).toEqual([
      'Journals',
      'New Entry',
    ]);
    expect(isIncomplete(catalog)).toBe(false);
  });

  it('keeps going without a remote that is missing, invalid, misnamed or hanging', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    list(
      ['mfe_goals', '/goals/mf-manifest.json'],
      ['mfe_journals', '/missing/mf-manifest.json'],
      ['mfe_calendar', '/invalid/mf-manifest.json'],
      ['mfe_account', '/misnamed/mf-manifest.json'],
      ['mfe_extra', '/hanging/mf-manifest.json'],
    );
    served['/goals/dayframe-remote.json'] = () => ({
      status: 200,
      body: publishedDescription('mfe-goals'),
    });
    served['/invalid/dayframe-remote.json'] = () => ({
      status: 200,
      body: { ...publishedDescription('mfe-calendar'), routes: ['/*'] },
    });
    served['/misnamed/dayframe-remote.json'] = () => ({
      status: 200,
      body: publishedDescription('mfe-goals'),
    });
    served['/hanging/dayframe-remote.json'] = () => 'hang';
    requested.length = 0;
    const started = Date.now();
    const catalog = await fetchRemoteCatalog({ base, timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(catalog.remotes.map((r) => [r.name, r.description !== null])).toEqual([
      ['mfe_goals', true],
      ['mfe_journals', false],
      ['mfe_calendar', false],
      ['mfe_account', false],
      ['mfe_extra', false],
    ]);
    expect(isIncomplete(catalog)).toBe(true);
    expect(requested).toContain('/hanging/dayframe-remote.json');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('drops a menu item an older shell cannot read, keeping the rest of that remote', async () => {
    list(['mfe_journals', '/tolerant/mf-manifest.json']);
    const description = publishedDescription('mfe-journals');
    served['/tolerant/dayframe-remote.json'] = () => ({
      status: 200,
      body: { ...description, menu: [{ label: 'Broken', path: 'no-slash' }, ...description.menu] },
    });
    const [remote] = (await fetchRemoteCatalog({ base })).remotes;
    expect(remote!.description?.menu.map((m) => m.label)).toEqual(['Journals', 'New Entry']);
  });

  it('says the catalog is unavailable when /remotes.json fails, and Retry asks again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    served['/remotes.json'] = () => ({ status: 503, body: { message: 'down' } });
    const store = createCatalogStore(() => fetchRemoteCatalog({ base }));
    const first = await store.ensure();
    expect(first).toEqual({ remotes: [], unavailable: true });
    expect(store.get()).toEqual({ status: 'ready', catalog: first });

    list(['mfe_goals', '/goals/mf-manifest.json']);
    const second = await store.reload();
    expect(second.unavailable).toBe(false);
    expect(second.remotes[0]!.description?.name).toBe('mfe_goals');
    expect(store.get()).toEqual({ status: 'ready', catalog: second });
    log.mockRestore();
  });
});
