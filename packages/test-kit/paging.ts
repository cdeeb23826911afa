import type { ApiClient } from './http.ts';

/** The target of a `Link: <…>; rel="next"` header, or null when the answer has none. */
export function nextLink(headers: Headers): string | null {
  const link = headers.get('link');
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /^\s*<([^>]*)>\s*;\s*rel="?next"?\s*$/.exec(part);
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Follows `rel="next"` links from `path` to the end of a paged list, checking each page answers
 * 200 with an array; returns the pages' items in order. Stops with an error after `maxPages`
 * rather than looping forever on a broken cursor.
 */
export async function walkPages<T = any>(
  api: ApiClient,
  path: string,
  token: string,
  maxPages = 1_000,
): Promise<{ pages: T[][]; items: T[] }> {
  const pages: T[][] = [];
  let next: string | null = path;
  while (next !== null) {
    if (pages.length >= maxPages) throw new Error(`more than ${maxPages} pages from ${path}`);
    const response = await api.call('GET', next, { token });
    if (response.status !== 200 || !Array.isArray(response.body))
      throw new Error(`GET ${next} answered ${response.status}: ${response.text}`);
    pages.push(response.body as T[]);
    next = nextLink(response.headers);
  }
  return { pages, items: pages.flat() };
}
