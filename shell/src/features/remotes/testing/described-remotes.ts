// Test data only: the four remotes as the shell sees them, from each remote's own source
// description, so the tests follow what the remotes really publish.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES, parseRemoteDescription } from '@dayframe/contracts';
import {
  createCatalogStore,
  type CatalogRemote,
  type RemoteCatalog,
} from '../api/remote-catalog.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..');

/** What `<dir>/src/remote.json` publishes once built. */
export function publishedDescription(dir: string) {
  const source = JSON.parse(readFileSync(join(ROOT, dir, 'src', 'remote.json'), 'utf8'));
  const parsed = parseRemoteDescription({
    ...source,
    version: '1.0.0',
    requires: { '@dayframe/web-kit': '^3.0.0' },
  });
  if (!parsed.ok) throw new Error(`${dir}/src/remote.json: ${parsed.problem}`);
  return parsed.description;
}

/** The catalog of this repository's remotes; `change` edits the remotes before it is built. */
export function repoCatalog(change: (remotes: CatalogRemote[]) => CatalogRemote[] = (r) => r) {
  const remotes = REMOTES.map((remote) => ({
    name: remote.name as string,
    entry: `/remotes/${remote.dir}/mf-manifest.json`,
    description: publishedDescription(remote.dir),
  }));
  const catalog: RemoteCatalog = { remotes: change(remotes), unavailable: false };
  return { catalog, store: createCatalogStore(async () => catalog) };
}
