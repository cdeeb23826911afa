/** The federated remotes, the routes each owns and the env var that can point at a deployed build. */
export const REMOTES = [
  {
    name: 'mfe_journals',
    dir: 'mfe-journals',
    env: 'MFE_JOURNALS_URL',
    routes: ['/journals', '/entry'],
  },
  { name: 'mfe_goals', dir: 'mfe-goals', env: 'MFE_GOALS_URL', routes: ['/goals'] },
  { name: 'mfe_calendar', dir: 'mfe-calendar', env: 'MFE_CALENDAR_URL', routes: ['/calendar'] },
  {
    name: 'mfe_account',
    dir: 'mfe-account',
    env: 'MFE_ACCOUNT_URL',
    routes: ['/settings', '/admin'],
  },
] as const;
export type RemoteName = (typeof REMOTES)[number]['name'];

/** What `/remotes.json` answers: each remote's name and its `mf-manifest.json` URL. */
export type RemotesManifest = { remotes: { name: RemoteName; entry: string }[] };
