/**
 * The `/api` paths each content service serves, and the env var that points the gateway at
 * its own process in the distributed topology. The gateway proxies these paths unchanged.
 */
export const CONTENT_SERVICE_ROUTES = [
  { service: 'journals', env: 'JOURNALS_URL', prefixes: ['/api/journals', '/api/entry'] },
  { service: 'goals', env: 'GOALS_URL', prefixes: ['/api/goals'] },
  { service: 'calendar', env: 'CALENDAR_URL', prefixes: ['/api/calendar'] },
] as const;
