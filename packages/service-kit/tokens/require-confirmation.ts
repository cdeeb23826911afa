import type { Context, Next } from 'koa';
import { CONFIRMATION_HEADER, MESSAGES, REAUTH_REQUIRED } from '@dayframe/contracts';
import { forbidden } from '../http/errors.ts';
import type { Tokens } from './tokens.ts';
import { currentUser } from './authenticate.ts';

/** The 403 every guarded call answers without a good confirmation; the screens open a dialog on it. */
export function reauthRequired() {
  return forbidden(MESSAGES.reauthRequired, REAUTH_REQUIRED);
}

/**
 * Lets through only a caller who confirmed it was them in the last ten minutes, on this very
 * sign-in (see `confirmations.ts`): what a session token copied from local storage must not be
 * able to do alone (delete the account, export everything, delete users, and, with the second
 * factor, turn sign-in protections off). Must follow `authenticate`, whose session check has
 * made the token's session version current: a confirmation of an older one is refused here.
 *
 * @example
 * router.delete('/delete', requireConfirmation(auth.tokens), handler);
 */
export function requireConfirmation(tokens: Pick<Tokens, 'verifyConfirmation'>) {
  return async function requireConfirmationMiddleware(ctx: Context, next: Next) {
    const caller = currentUser(ctx);
    const header = ctx.get(CONFIRMATION_HEADER);
    const proof = header && header.length <= 4096 ? tokens.verifyConfirmation(header) : null;
    if (
      !proof ||
      proof.sub !== caller.id ||
      proof.sid !== caller.claims.sid ||
      proof.sv !== caller.claims.sv
    )
      throw reauthRequired();
    await next();
  };
}
