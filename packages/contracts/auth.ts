import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { MESSAGES } from './messages.ts';
import { challengeId, webAuthnResponse } from './webauthn-json.ts';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The user as every response shows it (spec §3); hashes never leave the identity service. */
export const user = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

export const email = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(LIMITS.email, { error: MESSAGES.emailInvalid })
    .pipe(z.email({ error: MESSAGES.emailInvalid }))
    .transform((value) => value.toLowerCase());

/** A new password: the spec's length messages, and no silent truncation past the maximum. */
export const newPassword = (tooShort: string, missing: string = tooShort) =>
  z
    .string({ error: missing })
    .min(1, { error: missing })
    .min(LIMITS.passwordMin, { error: tooShort })
    .max(LIMITS.passwordMax, { error: MESSAGES.passwordTooLong });

export const loginRequest = z.object({
  email: email(MESSAGES.loginMissing),
  password: z
    .string({ error: MESSAGES.loginMissing })
    .min(1, { error: MESSAGES.loginMissing })
    .max(LIMITS.passwordMax, { error: MESSAGES.incorrectPassword }),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const signupRequest = z.object({
  name: z
    .string({ error: MESSAGES.signupMissing })
    .trim()
    .min(1, { error: MESSAGES.signupMissing })
    .max(LIMITS.name, { error: `Name must be at most ${LIMITS.name} characters` }),
  email: email(MESSAGES.signupMissing),
  password: newPassword(MESSAGES.passwordTooShortSignup, MESSAGES.signupMissing),
});
export type SignupRequest = z.input<typeof signupRequest>;

/** Login, signup, session check and code verification all answer a token and the user. */
export const authResponse = z.object({ token: z.string(), user });
export type AuthResponse = z.infer<typeof authResponse>;

export const otpSendRequest = z.object({ email: email(MESSAGES.emailMissing) });
export type OtpSendRequest = z.input<typeof otpSendRequest>;
export const otpSendResponse = z.object({ message: z.string() });

export const otpVerifyRequest = z.object({
  email: email(MESSAGES.emailMissing),
  otp: z
    .string({ error: MESSAGES.codeInvalidFormat })
    .trim()
    .regex(/^\d{6}$/, { error: MESSAGES.codeInvalidFormat }),
});
export type OtpVerifyRequest = z.input<typeof otpVerifyRequest>;

/**
 * `POST /auth/confirm`: proof that whoever holds the session is its owner, by the password or by
 * a code from `POST /auth/otp/send`, an authenticator-app code or a passkey (exactly one).
 */
export const confirmRequest = z.union(
  [
    z.strictObject({
      password: z
        .string({ error: MESSAGES.confirmMissing })
        .min(1, { error: MESSAGES.confirmMissing })
        .max(LIMITS.passwordMax, { error: MESSAGES.incorrectPassword }),
    }),
    z.strictObject({
      code: z
        .string({ error: MESSAGES.codeInvalidFormat })
        .trim()
        .regex(/^\d{6}$/, { error: MESSAGES.codeInvalidFormat }),
    }),
    // Issue 28: a code from the authenticator app, or a passkey (its options from
    // `POST /auth/passkeys/confirm-options`).
    z.strictObject({
      totp: z
        .string({ error: MESSAGES.codeInvalidFormat })
        .trim()
        .regex(/^\d{6}$/, { error: MESSAGES.codeInvalidFormat }),
    }),
    z.strictObject({
      passkey: z.strictObject({
        challenge: challengeId(MESSAGES.reauthRequired),
        response: webAuthnResponse,
      }),
    }),
  ],
  { error: MESSAGES.confirmMissing },
);
export type ConfirmRequest = z.input<typeof confirmRequest>;

/** The proof `POST /auth/confirm` answers: sent back in `CONFIRMATION_HEADER` (step-up.ts) until `expiresAt`. */
export const confirmResponse = z.object({ confirmation: z.string(), expiresAt: z.string() });
export type ConfirmResponse = z.infer<typeof confirmResponse>;
