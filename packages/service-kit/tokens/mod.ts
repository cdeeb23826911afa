/**
 * Session tokens: identity's signing key and everyone's verifying key, the `authenticate`
 * middleware, the session check (by a call to identity, cached briefly), and the step-up guard
 * (`requireConfirmation`) for what a session token alone must not do. Service tokens: what one
 * service shows another on `/internal/*` (`serviceCaller`, `requireServiceToken`).
 *
 * @example
 * import { authenticate, createTokenVerifier, resolveVerifyingKey } from '@dayframe/service-kit/tokens';
 * const tokens = createTokenVerifier(resolveVerifyingKey(config));
 * router.use(authenticate(tokens, checkSession));
 */
export * from './tokens.ts';
export * from './authenticate.ts';
export * from './confirmations.ts';
export * from './require-confirmation.ts';
export * from './session-check.ts';
export * from './session-cache.ts';
export * from './service-tokens.ts';
export * from './vapid-pair.ts';
