// The step-up's words on the wire (issue 24), apart from the schemas in auth.ts: every app screen
// reads them through the web kit, and a module is bundled whole once one of its exports is used,
// zod with it.

/**
 * The request header that carries a confirmation to a guarded call (deleting the account,
 * exporting, an admin deleting users). Never stored with the session token: the page keeps it
 * in memory, so a token copied from local storage comes without it.
 */
export const CONFIRMATION_HEADER = 'x-confirmation';
/** How long a confirmation is good for. */
export const CONFIRMATION_TTL_MS = 10 * 60_000;
/** The 403 `code` of a guarded call made without a good confirmation. */
export const REAUTH_REQUIRED = 'reauth_required';
