import { z } from 'zod';
import { authResponse } from './auth.ts';
import { challengeId as challengeIdOf, webAuthnResponse } from './webauthn-json.ts';
import {
  PASSKEY_NAME_MAX,
  SECOND_FACTOR_METHODS,
  SIGN_IN_SECURITY_MESSAGES,
} from './sign-in-security-rules.ts';

/**
 * Issue 28: passkeys (WebAuthn), authenticator-app codes (TOTP, RFC 6238) and recovery codes.
 * Every route below is identity's (`/api/auth/...`); a route marked "confirmed" also needs a
 * recent step-up (the `x-confirmation` header, `REAUTH_REQUIRED` without it), so a copied
 * session token alone can neither add a factor (and lock the owner out) nor remove one.
 *
 * - `GET  /api/auth/2fa`                         → {@link SignInSecurity}
 * - `POST /api/auth/2fa/totp/setup` (confirmed)  → {@link TotpSetupResponse} (starts or restarts)
 * - `POST /api/auth/2fa/totp/enable` {@link TotpEnableRequest} → {@link RecoveryCodesResponse}
 * - `POST /api/auth/2fa/totp/disable` (confirmed) → `{ message }`
 * - `POST /api/auth/2fa/recovery-codes` (confirmed) → {@link RecoveryCodesResponse} (all replaced)
 * - `POST /api/auth/login` → {@link LoginResponse}: `{ token, user }` as the spec says for an
 *   account without a second factor, {@link TwoFactorChallenge} for one with.
 * - `POST /api/auth/2fa/passkey-options` `{ challenge }` → {@link PasskeyRequestOptions} (for the
 *   login challenge's account, its passkeys allowed)
 * - `POST /api/auth/2fa/verify` {@link TwoFactorVerifyRequest} → `{ token, user }`
 * - `POST /api/auth/passkeys/register-options` (confirmed) → {@link PasskeyCreationOptions}
 * - `POST /api/auth/passkeys` {@link PasskeyAddRequest} → 201 {@link Passkey}
 * - `PATCH /api/auth/passkeys/:id` {@link PasskeyRenameRequest} → {@link Passkey}
 * - `DELETE /api/auth/passkeys/:id` (confirmed) → `{ message }`
 * - `POST /api/auth/passkeys/sign-in-options` `{}` → {@link PasskeyRequestOptions} (discoverable:
 *   no e-mail first, no allowed list; the same options serve conditional mediation)
 * - `POST /api/auth/passkeys/sign-in` {@link PasskeySignInRequest} → `{ token, user }` (a passkey
 *   with user verification is both factors)
 * - `POST /api/auth/passkeys/confirm-options` (signed in) → {@link PasskeyRequestOptions}
 * - `POST /api/auth/confirm` also takes `{ totp }` and `{ passkey }` (see `confirmRequest`).
 *
 * Every WebAuthn challenge and every login challenge is single-use and ends after
 * `SIGN_IN_CHALLENGE_TTL_MS`; a login challenge also ends after `SECOND_FACTOR_MAX_WRONG` wrong
 * codes (both in sign-in-security-rules.ts).
 */

/** A passkey as Settings lists it; the credential itself never leaves identity. */
export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

/** `GET /api/auth/2fa`: what guards the account now. */
export const signInSecurity = z.object({
  totp: z.boolean(),
  totpEnabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(passkey),
  /** True when this account must set up a second factor before anything else. */
  required: z.boolean(),
});
export type SignInSecurity = z.infer<typeof signInSecurity>;

export const totpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

const sixDigits = z
  .string({ error: 'Enter the 6-digit code.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' });

export const totpEnableRequest = z.strictObject({ code: sixDigits });
export type TotpEnableRequest = z.input<typeof totpEnableRequest>;

export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const twoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const loginResponse = z.union([authResponse, twoFactorChallenge]);
export type LoginResponse = z.infer<typeof loginResponse>;

const challengeId = challengeIdOf(SIGN_IN_SECURITY_MESSAGES.challengeExpired);

export const twoFactorVerifyRequest = z.union(
  [
    z.strictObject({
      challenge: challengeId,
      code: z
        .string({ error: SIGN_IN_SECURITY_MESSAGES.codeMissing })
        .trim()
        .min(1, { error: SIGN_IN_SECURITY_MESSAGES.codeMissing })
        .max(32, { error: SIGN_IN_SECURITY_MESSAGES.invalidCode }),
    }),
    z.strictObject({ challenge: challengeId, passkey: webAuthnResponse }),
  ],
  { error: SIGN_IN_SECURITY_MESSAGES.codeMissing },
);
export type TwoFactorVerifyRequest = z.input<typeof twoFactorVerifyRequest>;

/** Options for `navigator.credentials.get`, in the JSON form `parseRequestOptionsFromJSON` takes. */
export type PasskeyRequestOptions = {
  /** The single-use id the answer is sent back with. */
  challenge: string;
  options: Record<string, unknown>;
};
/** Options for `navigator.credentials.create` (`parseCreationOptionsFromJSON`). */
export type PasskeyCreationOptions = PasskeyRequestOptions;

export const passkeyOptionsForLoginRequest = z.strictObject({ challenge: challengeId });

const passkeyName = z
  .string({ error: SIGN_IN_SECURITY_MESSAGES.passkeyNameMissing })
  .trim()
  .min(1, { error: SIGN_IN_SECURITY_MESSAGES.passkeyNameMissing })
  .max(PASSKEY_NAME_MAX, { error: SIGN_IN_SECURITY_MESSAGES.passkeyNameTooLong });

export const passkeyAddRequest = z.strictObject({
  challenge: challengeId,
  name: passkeyName,
  response: webAuthnResponse,
});
export type PasskeyAddRequest = z.input<typeof passkeyAddRequest>;

export const passkeyRenameRequest = z.strictObject({ name: passkeyName });
export type PasskeyRenameRequest = z.input<typeof passkeyRenameRequest>;

export const passkeySignInRequest = z.strictObject({
  challenge: challengeId,
  response: webAuthnResponse,
});
export type PasskeySignInRequest = z.input<typeof passkeySignInRequest>;
