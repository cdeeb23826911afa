import { LIMITS } from './limits.ts';

// The words the server answers with and the screens show. Kept apart from the schemas (and so
// from zod) so a screen importing them ships none of the validation code.

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
  // Step-up (issue 24): what a copied session token alone may not do asks for this first.
  reauthRequired: "Confirm it's you to continue.",
  confirmMissing: 'Enter your password or the code we e-mailed you.',
} as const;

export const ADMIN_MESSAGES = {
  adminOnly: 'Admins only.',
  userNotFound: 'User not found',
  userDeleted: 'User successfully deleted',
  cannotDeleteAdmin: 'Admin accounts cannot be deleted here. Revoke the admin role first.',
} as const;
