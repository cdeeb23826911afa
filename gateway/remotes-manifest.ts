import { REMOTES, type RemotesManifest } from '@dayframe/contracts';

/**
 * `/remotes.json`: where the shell finds each remote. A remote deployed on its own is named
 * by its `MFE_*_URL`; otherwise the gateway serves the build it has under `/remotes/<dir>/`.
 */
export function remotesManifest(env: Partial<Record<string, string>>): RemotesManifest {
  return {
    remotes: REMOTES.map((remote) => ({
      name: remote.name,
      entry: env[remote.env] || `/remotes/${remote.dir}/mf-manifest.json`,
    })),
  };
}

/** The origins of remotes deployed elsewhere: the CSP must let the page load their code. */
export function remoteOrigins(env: Partial<Record<string, string>>): string[] {
  const origins = new Set<string>();
  for (const remote of REMOTES) {
    const url = env[remote.env];
    if (url) origins.add(new URL(url).origin);
  }
  return [...origins];
}
