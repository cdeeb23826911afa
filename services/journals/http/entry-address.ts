import type { Context } from 'koa';
import { currentUser } from '@dayframe/service-kit/tokens';

/**
 * Whose entry a route names, in the order every entry use case takes it: the signed-in user,
 * then `:journalId` and `:entryId` from the path ('' when absent, which no record id matches).
 */
export function entryAddress(ctx: Context): [userId: string, journalId: string, entryId: string] {
  return [currentUser(ctx).id, ctx.params.journalId ?? '', ctx.params.entryId ?? ''];
}
