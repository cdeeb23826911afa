import { z } from 'zod';
import { email, newPassword, user } from './auth.ts';
import { MESSAGES } from './messages.ts';
import { LIMITS } from './limits.ts';

export const passwordChangeRequest = z.object({
  newPassword: newPassword(MESSAGES.passwordTooShort),
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;
/** Every older token stops working, so the answer carries a fresh one for the caller. */
export const passwordChangeResponse = z.object({
  message: z.string(),
  token: z.string(),
  user,
});

const profileMissing = 'Name and email are required';
export const profileUpdateRequest = z.object({
  name: z
    .string({ error: profileMissing })
    .trim()
    .min(1, { error: profileMissing })
    .max(LIMITS.name, { error: `Name must be at most ${LIMITS.name} characters` }),
  email: email(profileMissing),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;
export const profileUpdateResponse = z.object({ token: z.string(), updatedUser: user });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
