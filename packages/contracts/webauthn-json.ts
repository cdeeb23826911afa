import { z } from 'zod';

/**
 * What the browser's `PublicKeyCredential.toJSON()` gives for a registration or an assertion:
 * checked for shape and size here, cryptographically by identity (`@simplewebauthn/server`).
 */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
export const webAuthnResponse = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url }),
  clientExtensionResults: z.looseObject({}).optional(),
  authenticatorAttachment: z.string().max(40).optional(),
});
export type WebAuthnResponse = z.infer<typeof webAuthnResponse>;

/** A single-use challenge id a WebAuthn answer or a second factor is sent back with. */
export const challengeId = (expired: string) =>
  z.string({ error: expired }).min(1, { error: expired }).max(200, { error: expired });
