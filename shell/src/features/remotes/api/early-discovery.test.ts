import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { remoteDescriptionUrl } from '@dayframe/contracts';
import { freePort } from '@dayframe/test-kit';
import {
  descriptionUrl,
  discoverRemotesEarly,
  fetchTakingEarly,
  isSignedInAreaPath,
} from './early-discovery.ts';
import { fetchRemoteCatalog } from './remote-catalog.ts';
import { publishedDescription } from '../testing/described-remotes.ts';

/** A real server for `/remotes.json` and the descriptions, counting what it was asked. */
describe('remote discovery started at boot', () => {
  let server: Server;
  let base: string;
  const asked: string[] = [];
  let hang = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/remotes.json')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ remotes: [{ name: 'mfe_goals', entry: '/g/mf-manifest.json' }] }));
      if (req.url === '/g/dayframe-remote.json') {
        if (hang) return; // accepts and never answers
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(publishedDescription('mfe-goals')));
      }
      res.writeHead(404).end();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${port}/journals`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('finds descriptions where the contract says they are', () => {
    for (const entry of ['/remotes/mfe-goals/mf-manifest.json', 'https://cdn.example/v2/mf.json'])
      expect(descriptionUrl(entry, base)).toBe(remoteDescriptionUrl(entry, base));
  });

  it('leaves public pages alone and starts discovery on any other path', () => {
    for (const path of ['/', '/about', '/login', '/signup/', '/verify'])
      expect(isSignedInAreaPath(path)).toBe(false);
    for (const path of ['/journals', '/dashboard', '/entry/3', '/no-such-page'])
      expect(isSignedInAreaPath(path)).toBe(true);
  });

  it('hands the early responses to the catalog once, and a second catalog asks again', async () => {
    asked.length = 0;
    discoverRemotesEarly(base);
    await expect.poll(() => asked.length).toBe(2);
    const catalog = await fetchRemoteCatalog({ base, fetch: fetchTakingEarly });
    expect(catalog.remotes[0]!.description?.name).toBe('mfe_goals');
    expect(asked).toEqual(['/remotes.json', '/g/dayframe-remote.json']);

    await fetchRemoteCatalog({ base, fetch: fetchTakingEarly });
    expect(asked).toHaveLength(4);
  });

  it('still gives up on an early request that hangs, at the catalog’s timeout', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    hang = true;
    discoverRemotesEarly(base);
    await expect.poll(() => asked.at(-1)).toBe('/g/dayframe-remote.json');
    const started = Date.now();
    const catalog = await fetchRemoteCatalog({ base, fetch: fetchTakingEarly, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(catalog.remotes[0]!.description).toBeNull();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
    hang = false;
  });
});
