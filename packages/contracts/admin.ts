import { z } from 'zod';
import { user } from './auth.ts';

/**
 * A row of the admin list: the account and whether it has a second factor (an authenticator
 * app that is on, or at least one passkey; issue 28). Which one, and how many, is the owner's
 * business: the admin sees only yes or no.
 */
export const listedUser = user.extend({ secondFactor: z.boolean() });
export type ListedUser = z.infer<typeof listedUser>;

export const userList = z.array(listedUser);
export type UserList = z.infer<typeof userList>;

export const userIdParam = z.string().min(1).max(64);

export const deleteAllResponse = z.object({ message: z.string(), deleted: z.number().int() });
export type DeleteAllResponse = z.infer<typeof deleteAllResponse>;

/**
 * `GET /admin/users?q=`: the search box's words, matched in name, e-mail and the shown role,
 * ignoring case and surrounding spaces (paging parameters: see paging.ts).
 */
export const ADMIN_SEARCH_MAX = 100;
export const adminUsersQuery = z.looseObject({
  q: z
    .string({ error: 'Search for one phrase at a time.' })
    .max(ADMIN_SEARCH_MAX, `Search for at most ${ADMIN_SEARCH_MAX} characters.`)
    .optional(),
});

/** `GET /admin/users/summary`: the figures above the table, over every account. */
export const adminUsersSummary = z.object({
  users: z.number().int(),
  verified: z.number().int(),
  admins: z.number().int(),
});
export type AdminUsersSummary = z.infer<typeof adminUsersSummary>;
