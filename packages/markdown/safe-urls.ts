/** Where a link may go: the web and e-mail. `javascript:`, `data:`, `vbscript:` and the rest do not. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The prefix of Dayframe's own media; an image from anywhere else is never fetched. */
export const MEDIA_PREFIX = '/api/media/';

// A base no real page has, so a relative path resolves without reading the page's address.
const BASE = 'https://dayframe.invalid';

/**
 * The link's address as the browser would follow it, or null when its protocol is not allowed.
 * The URL parser does the reading (entities are already decoded by the Markdown parser; case,
 * tabs, newlines and leading spaces are the URL parser's), so the check sees what a click would.
 */
export function safeLinkHref(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // relative or malformed: shown as text
  }
  return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
}

/** Whether the link opens the web (a new tab) rather than a mail program. */
export function isWebLink(href: string): boolean {
  return href.startsWith('http:') || href.startsWith('https:');
}

/** The image's path when it is one of Dayframe's own media (same origin, under /api/media/), else null. */
export function safeMediaSrc(url: string): string | null {
  if (!url.startsWith(MEDIA_PREFIX)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, BASE);
  } catch {
    return null;
  }
  // `..` segments and backslashes are resolved first: what is left must still be media.
  if (parsed.origin !== BASE || !parsed.pathname.startsWith(MEDIA_PREFIX)) return null;
  return parsed.pathname + parsed.search;
}
