import { z } from 'zod';
import { LIMITS } from './fields.ts';

export const MESSAGES = {
  loginMissing: 'Please fill out all required forms!',
  signupMissing: 'All fields must be filled',
  passwordTooShortSignup: 'Password must be longer than 8 characters',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordsMustMatch: 'Passwords must match',
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters.`,
  emailInvalid: 'Please enter a valid email address',
  emailMissing: 'Missing email',
  codeInvalidFormat: 'Enter the 6-digit code.',
  noUserWithEmail: 'No user found with email',
  noUserForCode: 'No user with that email',
  incorrectPassword: 'Incorrect password',
  emailInUse: 'Email already in use',
  emailInUseProfile: 'Email already in use.',
  codeInvalid: 'Invalid or expired code.',
  codeAttemptsExceeded: 'Too many attempts. Request a new code.',
  codeCooldown: 'Please wait before requesting another code.',
  codeHourlyCap: 'Too many codes requested. Try again in an hour.',
  codeSent: 'Verification code sent. Check your email.',
  tooManyLogins: 'Too many login attempts. Try again later.',
  profileUnchanged: 'Name and email are the same',
  passwordNeedsCode: 'Verify a code sent to your e-mail before changing your password.',
  passwordUpdated: 'Password updated',
  verifyFirst: 'Verify your e-mail address first.',
  mailUnavailable: 'We could not send the code right now. Try again in a moment.',
  emailNeedsCode: 'Verify a code sent to your current e-mail before changing your e-mail.',
  tooManySignups: 'Too many sign-ups from this address. Try again later.',
  signupsBusy: 'Too many sign-ups right now. Try again in a moment.',
  tooManyCodeGuesses: 'Too many wrong codes from this address. Try again later.',
  loggedOut: 'Logged out',
  // What the screens show for a 429 or a 503, whatever the server's words (issue 14).
  screenTooManyAttempts: 'Too many attempts. Try again in a few minutes.',
  screenBusy: 'Dayframe is busy. Try again in a moment.',
} as const;

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
