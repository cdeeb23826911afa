/**
 * A service behind the gateway: one row says everything the composition roots, the launcher
 * and the deployment files need to know about it.
 */
export type ServiceRow = {
  /** The service's name: its folder under `services/`, its compose service and Kubernetes name. */
  readonly name: string;
  /** The `/api` prefixes the gateway sends to it (a path matches a prefix or starts with `prefix/`). */
  readonly apiPrefixes: readonly string[];
  /**
   * The `/internal/…` endpoints it serves (never through the gateway), each as `METHOD /path`
   * with the services allowed to call it: the one policy its service-token check enforces
   * (`requireServiceToken`) and the network policies and compose networks are held to.
   */
  readonly internal: Readonly<
    Record<`${'GET' | 'POST' | 'DELETE'} /internal/${string}`, readonly string[]>
  >;
  /** The port it listens on in its own process (compose, Kubernetes, `start:distributed`). */
  readonly port: number;
  /** The variable holding its base URL for whoever calls it; set in the embedded app, it is proxied there. */
  readonly urlVar: `${string}_URL`;
  /** Its process's entry point, from the repository root. */
  readonly entry: string;
  /** Whether it keeps tables: distributed, it gets a database and a database user of its own. */
  readonly ownsDatabase: boolean;
  /** Whether it uses Redis (jobs, events or rate limits) when distributed. */
  readonly usesRedis: boolean;
  /** The services it calls over their internal endpoints (by a function call when embedded). */
  readonly calls: readonly string[];
  /** How long the gateway waits for one of its answers, when longer than a page's call. */
  readonly gatewayTimeoutMs?: number;
};

/**
 * The services, in the order they start: a service comes after every service it calls.
 * Adding a service is one row here plus its `create…()` (ARCHITECTURE.md, "Adding a service").
 */
export const SERVICES = [
  {
    name: 'identity',
    apiPrefixes: ['/api/auth', '/api/user', '/api/admin'],
    internal: {
      'GET /internal/session': ['journals', 'goals', 'calendar', 'archive', 'media', 'reminders'],
      // The orphan sweeps of the services that keep rows per user.
      'POST /internal/users/existing': ['journals', 'goals', 'media', 'reminders'],
      // Where a reminder is mailed: the account's verified address (decision 0051).
      'POST /internal/users/mail-address': ['reminders'],
      // Which sign-in methods an account has on, for its export (issue 28): never a secret.
      'GET /internal/export/sign-in': ['archive'],
    },
    port: 3001,
    urlVar: 'IDENTITY_URL',
    entry: 'services/identity/main.ts',
    ownsDatabase: true,
    usesRedis: true,
    calls: [],
  },
  {
    name: 'journals',
    apiPrefixes: [
      '/api/journals',
      '/api/entry',
      '/api/entries',
      '/api/tags',
      '/api/search/entries',
      '/api/insights',
    ],
    internal: {
      'GET /internal/calendar-window': ['calendar'],
      'GET /internal/export': ['archive'],
      'GET /internal/export/entries': ['archive'],
      'POST /internal/import': ['archive'],
      'DELETE /internal/import/:importId': ['archive'],
      // Media's sweep of files no entry refers to (decision 0049).
      'POST /internal/media/referenced': ['media'],
      // Whether the person wrote that day, before a daily reminder is sent (decision 0051).
      'POST /internal/entries/written-on': ['reminders'],
      // What a revisit reminder quotes of the entries it names (issue 27).
      'POST /internal/entries/summaries': ['reminders'],
      // Entries written in a week and the streak, for the weekly digest (issue 27).
      'POST /internal/entries/week': ['reminders'],
    },
    port: 3002,
    urlVar: 'JOURNALS_URL',
    entry: 'services/journals/main.ts',
    ownsDatabase: true,
    usesRedis: true,
    calls: ['identity'],
  },
  {
    name: 'goals',
    apiPrefixes: ['/api/goals', '/api/search/goals'],
    internal: {
      'GET /internal/calendar-window': ['calendar'],
      'GET /internal/export': ['archive'],
      'POST /internal/import': ['archive'],
      'DELETE /internal/import/:importId': ['archive'],
      // Goals due and goals completed, for goals-due reminders and the weekly digest (issue 27).
      'POST /internal/goals/due': ['reminders'],
      'POST /internal/goals/completed-count': ['reminders'],
    },
    port: 3003,
    urlVar: 'GOALS_URL',
    entry: 'services/goals/main.ts',
    ownsDatabase: true,
    usesRedis: true,
    calls: ['identity'],
  },
  {
    name: 'calendar',
    apiPrefixes: ['/api/calendar'],
    internal: {},
    port: 3004,
    urlVar: 'CALENDAR_URL',
    entry: 'services/calendar/main.ts',
    ownsDatabase: false,
    usesRedis: false,
    calls: ['identity', 'journals', 'goals'],
  },
  {
    // Photos, audio and PDFs: its own table and its own storage (files or S3; decision 0048).
    name: 'media',
    apiPrefixes: ['/api/media'],
    // The archive's part of an export and an import (decision 0050), with the person's token.
    internal: {
      'GET /internal/export': ['archive'],
      'GET /internal/export/file': ['archive'],
      'POST /internal/import/check': ['archive'],
      'POST /internal/import': ['archive'],
    },
    port: 3006,
    urlVar: 'MEDIA_URL',
    entry: 'services/media/main.ts',
    ownsDatabase: true,
    // Reads account.deleted, as journals and goals do.
    usesRedis: true,
    // Journals: which files entries still refer to, before the sweep deletes any.
    calls: ['identity', 'journals'],
    // An upload of 25 MB over a slow line takes longer than a page's call.
    gatewayTimeoutMs: 120_000,
  },
  {
    name: 'archive',
    apiPrefixes: ['/api/export', '/api/import'],
    internal: {},
    port: 3005,
    urlVar: 'ARCHIVE_URL',
    entry: 'services/archive/main.ts',
    ownsDatabase: false,
    usesRedis: false,
    calls: ['identity', 'journals', 'goals', 'media'],
    // A whole account goes through the archive: it may take longer than a page's call.
    gatewayTimeoutMs: 120_000,
  },
  {
    // Reminder settings, their schedule and the delivery ledger (decision 0051).
    name: 'reminders',
    // Settings, Send a test; the Web Push key and each account's browsers.
    apiPrefixes: ['/api/reminders', '/api/push'],
    internal: {},
    port: 3007,
    urlVar: 'REMINDERS_URL',
    entry: 'services/reminders/main.ts',
    ownsDatabase: true,
    // Reads account.deleted, queues its due reminders and their mail.
    usesRedis: true,
    // Identity: sessions and the address a reminder goes to; journals: whether a day was written
    // and a week's writing; goals: goals due and completed.
    calls: ['identity', 'journals', 'goals'],
  },
] as const satisfies readonly ServiceRow[];

export type ServiceName = (typeof SERVICES)[number]['name'];
export type ServiceUrlVar = (typeof SERVICES)[number]['urlVar'];
/** A service's row, typed by its name. */
export type ServiceOf<N extends ServiceName> = Extract<(typeof SERVICES)[number], { name: N }>;

export const SERVICE_NAMES: readonly ServiceName[] = SERVICES.map((s) => s.name);

export function service<N extends ServiceName>(name: N): ServiceOf<N> {
  const row = SERVICES.find((s) => s.name === name);
  if (!row) throw new Error(`no service named ${name} in the catalog`);
  return row as ServiceOf<N>;
}

/** The service that answers an `/api` path, or null when none does. */
export function serviceForPath(path: string): ServiceName | null {
  for (const row of SERVICES) {
    for (const prefix of row.apiPrefixes) {
      if (path === prefix || path.startsWith(`${prefix}/`)) return row.name;
    }
  }
  return null;
}

/** The `*_URL` variables of the services `name` calls, by the called service's name. */
export function callsOf<N extends ServiceName>(
  name: N,
): readonly { name: ServiceName; urlVar: ServiceUrlVar }[] {
  return service(name).calls.map((callee: ServiceName) => ({
    name: callee,
    urlVar: service(callee).urlVar,
  }));
}

/**
 * The services allowed to call `method path` on `callee` (its catalog row's `internal`), or none
 * for an endpoint it does not list. A HEAD is a GET without the body.
 */
export function internalCallers(callee: string, method: string, path: string): readonly string[] {
  const row = SERVICES.find((s) => s.name === callee);
  if (!row) return [];
  const verb = method === 'HEAD' ? 'GET' : method;
  const segments = path.split('/');
  // `:name` in an endpoint stands for one path segment (`DELETE /internal/import/:importId`).
  const matches = (endpoint: string) => {
    const [endpointVerb, endpointPath] = endpoint.split(' ') as [string, string];
    const parts = endpointPath.split('/');
    return (
      endpointVerb === verb &&
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  };
  const internal: Readonly<Record<string, readonly string[]>> = row.internal;
  const endpoint = Object.keys(internal).find(matches);
  return endpoint ? internal[endpoint]! : [];
}

/** The services that call any of `callee`'s internal endpoints (whom its network lets in). */
export function internalCallersOf(callee: ServiceName): readonly ServiceName[] {
  const internal: Readonly<Record<string, readonly string[]>> = service(callee).internal;
  const callers = new Set(Object.values(internal).flat());
  return SERVICE_NAMES.filter((name) => callers.has(name));
}
