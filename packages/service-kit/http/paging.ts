import type { Context } from 'koa';
import type { z } from 'zod';
import {
  DEFAULT_PAGE_LIMIT,
  PAGING_MESSAGES,
  TOTAL_COUNT_HEADER,
  pageQuery,
} from '@dayframe/contracts';
import { badRequest } from './errors.ts';
import { parseInput } from './validate.ts';

/** Far more than any cursor this code writes; a longer one is refused before it is decoded. */
const MAX_CURSOR_LENGTH = 512;

/** One page of a keyset-paged list: the items and, when more exist, the cursor of the next. */
export type Page<T> = { items: T[]; next: string | null };

/** What a list route asks its use case for: how many items, and after which (a cursor). */
export type PageRequest = { limit: number; cursor: string | undefined };

/** `?limit` (1–100, `defaultLimit` when absent) and `?cursor` of a list call; a bad one is a 400. */
export function readPageRequest(ctx: Context, defaultLimit = DEFAULT_PAGE_LIMIT): PageRequest {
  const { limit } = parseInput(pageQuery, ctx.query);
  const cursor = ctx.query.cursor;
  if (cursor === undefined) return { limit: limit ?? defaultLimit, cursor: undefined };
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH)
    throw invalidCursor();
  return { limit: limit ?? defaultLimit, cursor };
}

/**
 * A cursor is the sort key of the last item shown, as base64url JSON. It is opaque to clients
 * (they follow `Link`), but not secret: it only names a position in the caller's own list, and
 * every query it feeds is still scoped to the caller.
 */
export function encodeCursor(position: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** The position a cursor names, or a 400 'invalid_cursor' for anything that is not one. */
export function decodeCursor<T extends z.ZodType>(cursor: string, schema: T): z.output<T> {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw invalidCursor();
  return result.data;
}

export function invalidCursor() {
  return badRequest(PAGING_MESSAGES.badCursor, 'invalid_cursor');
}

/**
 * Answers a page: the items as the body, and `Link: <path?…&cursor=…>; rel="next"` when more
 * exist. The link keeps the call's own query (search, limit) and replaces only the cursor; its
 * path is the service's, which is the gateway's too (services serve their full `/api` paths).
 */
export function sendPage<T>(ctx: Context, page: Page<T>, total?: number): void {
  ctx.body = page.items;
  if (total !== undefined) ctx.set(TOTAL_COUNT_HEADER, String(total));
  if (page.next === null) return;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(ctx.query)) {
    if (key === 'cursor' || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  params.set('cursor', page.next);
  ctx.set('Link', `<${ctx.path}?${params}>; rel="next"`);
}
