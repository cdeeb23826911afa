import { z } from 'zod';

/**
 * Server-side paging of the lists that can grow without bound (a journal's entries, the admin's
 * user list). A plain call answers the first page as the spec's array; when more exist the
 * answer carries `Link: <...?cursor=...>; rel="next"`. The cursor is opaque to clients: they
 * follow the link, they never build one.
 */
export const PAGING_MESSAGES = {
  badCursor: 'This page link is not valid. Load the list again from its start.',
  badLimit: 'limit must be a whole number from 1 to 100.',
} as const;

/** The most items one page may hold, whatever `limit` asks for. */
export const PAGE_LIMIT_MAX = 100;

/** Items in a page when the call names no `limit`. */
export const DEFAULT_PAGE_LIMIT = 50;

/**
 * `?limit=` (at most once) of a paged call; `cursor` is checked where it is decoded, and other
 * query parameters are left to the route.
 */
export const pageQuery = z.looseObject({
  limit: z
    .string({ error: PAGING_MESSAGES.badLimit })
    .regex(/^[1-9][0-9]{0,2}$/, PAGING_MESSAGES.badLimit)
    .transform(Number)
    .refine((n) => n <= PAGE_LIMIT_MAX, PAGING_MESSAGES.badLimit)
    .optional(),
});
export type PageQuery = z.input<typeof pageQuery>;

/** A page header the front ends read next to `Link`: how many items the whole list holds. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
