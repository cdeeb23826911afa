// Sign-in security's rules and words, apart from the schemas in sign-in-security.ts: the login
// screen and the step-up dialog show them, and a module is bundled whole once one of its exports
// is used, zod with it.

export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60_000;
export const SECOND_FACTOR_MAX_WRONG = 5;
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 64;

export const SIGN_IN_SECURITY_MESSAGES = {
  invalidCode: 'Invalid code. Try again.',
  codeMissing: 'Enter the code from your authenticator app or a recovery code.',
  challengeEnded: 'Too many wrong codes. Log in again.',
  challengeExpired: 'This sign-in has expired. Log in again.',
  totpNotStarted: 'Start setting up the authenticator app first.',
  totpAlreadyOn: 'The authenticator app is already on.',
  totpNotOn: 'The authenticator app is not on.',
  totpOff: 'Authenticator app turned off.',
  noRecoveryCodes: 'Turn on the authenticator app first: recovery codes come with it.',
  passkeyNameMissing: 'Give the passkey a name.',
  passkeyNameTooLong: `Keep the name to ${PASSKEY_NAME_MAX} characters.`,
  passkeyNotFound: 'No such passkey.',
  passkeyRemoved: 'Passkey removed.',
  passkeyFailed: "That passkey didn't work. Try again.",
  passkeyUnknown: 'That passkey is not registered with Dayframe.',
  passkeyChallengeEnded: 'That request has expired. Try again.',
  secondFactorRequired: 'Admins must set up a second factor first.',
} as const;

/** The 403 `code` of an admin call by an admin without a second factor (`REQUIRE_ADMIN_2FA`). */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';
