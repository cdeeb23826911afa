/**
 * Size budgets of the front end (issue 30): the JavaScript each screen makes a browser download
 * on a cold visit, and each entry point and exposed route module of the built front ends, gzipped
 * as the gateway serves them (packages/e2e-kit's `gzipSize`). `npm test` holds every figure to
 * its budget (shell/e2e/budgets.test.ts) and fails with the figure, the budget and the files.
 *
 * Each budget is the figure measured when it was set (bench/RESULTS.md, "Issue 30: budgets")
 * with about 5 % headroom, at least 2 KB, rounded up to a whole KB. To change one: measure
 * (`npx vitest run shell/e2e/budgets.test.ts` prints every figure), change `kb` here in the same
 * commit as the code that needs it, and say in `why` what the screen gained for the weight.
 * KB are 1024 bytes.
 */
type Budget = { kb: number; why: string };

/** A screen: a cold load in a fresh browser context, every script until the network is idle. */
export const SCREEN_BUDGETS = {
  '/': {
    kb: 4,
    why: 'prerendered landing: only the theme and the phone menu scripts, no app code (ADR 0033)',
  },
  '/login': {
    kb: 142,
    why: 'the app (React, router, web-kit, no zod) taking over the prerendered form, plus login',
  },
  '/signup': { kb: 139, why: 'the app taking over the prerendered form, plus the sign-up screen' },
  '/forgot': { kb: 139, why: 'the app taking over the prerendered form, plus the reset screen' },
  '/verify': {
    kb: 139,
    why: 'the app and the code screen; measured as a pending sign-up (the screen needs one)',
  },
  '/dashboard': {
    kb: 165,
    why: 'the app area (header; the palette loads when opened) and the journals remote’s widgets',
  },
  '/journals': {
    kb: 160,
    why: 'the app area and the journals remote with the list; 160 is issue 30’s goal',
  },
  '/journals/:id/entries/:entryId': {
    kb: 208,
    why: 'an entry open in the editor: the Markdown editor, its renderer and the media gallery',
  },
  '/goals': { kb: 163, why: 'the app area and the goals remote' },
  '/calendar': { kb: 166, why: 'the app area and the calendar remote with its month grid' },
  '/settings': {
    kb: 176,
    why: 'the app area and the account remote (settings and admin are one module); no zod',
  },
  '/admin': { kb: 176, why: 'the app area and the account remote, as an admin' },
} satisfies Record<string, Budget>;

export type ScreenName = keyof typeof SCREEN_BUDGETS;

/**
 * A file of a built front end, read from its dist: `front end/dist` and the file's name as a
 * pattern (hashed names change with every build).
 */
export const FILE_BUDGETS: (Budget & { dist: string; name: RegExp })[] = [
  {
    dist: 'shell/dist',
    name: /^main\.[0-9a-f]+\.js$/,
    kb: 35,
    why: 'the shell’s entry: the federation runtime and the first route, on every app screen',
  },
  ...(['mfe-journals', 'mfe-goals', 'mfe-calendar', 'mfe-account'] as const).map((remote) => ({
    dist: `${remote}/dist`,
    name: /^remoteEntry\.js$/,
    kb: remote === 'mfe-journals' ? 17 : 16,
    why: 'a remote’s entry: its federation container, fetched before any of its screens',
  })),
  {
    dist: 'mfe-journals/dist',
    name: /^__federation_expose_routes\.[0-9a-f]+\.js$/,
    kb: 8,
    why: 'the journal list and a journal’s page; every other journal screen is a chunk of its own',
  },
  {
    dist: 'mfe-journals/dist',
    name: /^__federation_expose_dashboard_widgets\.[0-9a-f]+\.js$/,
    kb: 7,
    why: 'the dashboard’s journal widgets, loaded by every dashboard visit',
  },
  {
    dist: 'mfe-goals/dist',
    name: /^__federation_expose_routes\.[0-9a-f]+\.js$/,
    kb: 6,
    why: 'the goals screen',
  },
  {
    dist: 'mfe-calendar/dist',
    name: /^__federation_expose_routes\.[0-9a-f]+\.js$/,
    kb: 8,
    why: 'the calendar screen with its month grid',
  },
  {
    dist: 'mfe-account/dist',
    name: /^__federation_expose_routes\.[0-9a-f]+\.js$/,
    kb: 20,
    why: 'settings (profile, sign-in security, export) and the admin panel',
  },
];
