/** Which service answers which `/api` prefix (the gateway routes by prefix alone). */
export const API_ROUTES = [
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/user', service: 'identity' },
  { prefix: '/api/admin', service: 'identity' },
  { prefix: '/api/journals', service: 'journals' },
  { prefix: '/api/entry', service: 'journals' },
  { prefix: '/api/goals', service: 'goals' },
  { prefix: '/api/calendar', service: 'calendar' },
  { prefix: '/api/search/entries', service: 'journals' },
  { prefix: '/api/search/goals', service: 'goals' },
  { prefix: '/api/insights', service: 'journals' },
  { prefix: '/api/export', service: 'archive' },
  { prefix: '/api/import', service: 'archive' },
] as const;

export type ServiceName = (typeof API_ROUTES)[number]['service'];

export function serviceFor(path: string): ServiceName | null {
  for (const route of API_ROUTES) {
    if (path === route.prefix || path.startsWith(`${route.prefix}/`)) return route.service;
  }
  return null;
}
