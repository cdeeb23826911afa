/**
 * The federated remotes this repository builds, and the env var that can point the gateway at a
 * deployed build. What each remote owns (routes, menu items, commands) is not listed here: each
 * remote publishes it beside its manifest (see remote-description.ts) and the shell reads it at
 * run time, so a remote ships a new route without a shell rebuild.
 */
export const REMOTES = [
  { name: 'mfe_journals', dir: 'mfe-journals', env: 'MFE_JOURNALS_URL' },
  { name: 'mfe_goals', dir: 'mfe-goals', env: 'MFE_GOALS_URL' },
  { name: 'mfe_calendar', dir: 'mfe-calendar', env: 'MFE_CALENDAR_URL' },
  { name: 'mfe_account', dir: 'mfe-account', env: 'MFE_ACCOUNT_URL' },
] as const;
export type RemoteName = (typeof REMOTES)[number]['name'];

/**
 * What `/remotes.json` answers: each remote's name and its `mf-manifest.json` URL, in menu
 * precedence order (an earlier remote wins a path two remotes claim).
 */
export type RemotesManifest = { remotes: { name: string; entry: string }[] };
