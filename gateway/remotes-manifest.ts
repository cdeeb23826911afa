import { readFile, stat } from 'node:fs/promises';
import { REMOTES, type RemoteName, type RemotesManifest } from '@dayframe/contracts';
import { remoteUrlAllowed } from './remote-url-policy.ts';

type Overrides = Partial<Record<RemoteName, string>>;

/**
 * `/remotes.json`: where the shell finds each remote. In order: the `REMOTES_FILE` (a JSON object
 * of remote name → manifest URL, re-read whenever it changes, so a new remote version goes live
 * on the next page load without restarting anything), the remote's `MFE_*_URL`, and otherwise
 * the build the gateway serves itself under `/remotes/<dir>/`.
 */
export function remotesSource(
  env: Partial<Record<string, string>>,
  file?: string,
  options: { production?: boolean } = {},
) {
  const production = options.production ?? false;
  let cached: { mtimeMs: number; overrides: Overrides } = { mtimeMs: -1, overrides: {} };
  let look: Promise<Overrides> | null = null;

  /**
   * The file's overrides, read again when its modification time changed. The disk is asked
   * asynchronously, once for the requests of that moment, so no request blocks the event loop.
   */
  function overrides(): Promise<Overrides> {
    if (!file) return Promise.resolve({});
    look ??= (async () => {
      try {
        const { mtimeMs } = await stat(file);
        if (mtimeMs !== cached.mtimeMs) {
          cached = { mtimeMs, overrides: parseOverrides(await readFile(file, 'utf8'), production) };
        }
      } catch {
        // Missing or half-written: keep serving what was last good.
      }
      return cached.overrides;
    })().finally(() => {
      look = null;
    });
    return look;
  }

  async function manifest(): Promise<RemotesManifest> {
    const current = await overrides();
    return {
      remotes: REMOTES.map((remote) => ({
        name: remote.name,
        entry: current[remote.name] || env[remote.env] || `/remotes/${remote.dir}/mf-manifest.json`,
      })),
    };
  }

  return {
    manifest,
    /** Origins of remotes served elsewhere: the CSP must let the page load their code. */
    async origins(): Promise<string[]> {
      const origins = new Set<string>();
      for (const { entry } of (await manifest()).remotes) {
        if (/^https?:\/\//.test(entry)) origins.add(new URL(entry).origin);
      }
      return [...origins];
    },
  };
}

/** Entries that are not allowed (plain http in production) are ignored: the remote keeps its default. */
function parseOverrides(text: string, production: boolean): Overrides {
  const value = JSON.parse(text) as Record<string, unknown>;
  const result: Overrides = {};
  for (const remote of REMOTES) {
    const entry = value[remote.name];
    if (
      typeof entry === 'string' &&
      /^(https?:\/\/|\/)/.test(entry) &&
      remoteUrlAllowed(entry, production)
    )
      result[remote.name] = entry;
  }
  return result;
}
