import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { CONFIRMATION_TTL_MS } from '@dayframe/contracts';

/**
 * The JWS header `typ` and audience of a confirmation. Signed with identity's token key, so both
 * keep it apart from a session token: a confirmation has no `role` and carries this audience
 * (the session verifier refuses both), and a session token lacks them (this verifier refuses it).
 */
export const CONFIRMATION_TYPE = 'dayframe-confirmation';
export const CONFIRMATION_AUDIENCE = 'step-up';

/**
 * How the owner proved it was them: the password, a mailed code, an authenticator-app code or
 * a passkey (issue 28). Whatever proved it, the confirmation and its guard are the same.
 */
export type ConfirmationMethod = 'password' | 'code' | 'totp' | 'passkey';

/**
 * What a confirmation says: who (`sub`), on which sign-in (`sid`) and session version (`sv`),
 * how (`amr`), and until when. Bound to the sign-in and the version, so it is worthless with any
 * other session of the same user and dies with a log out, a password change or a sign-out
 * everywhere, whatever its `exp`.
 */
export type ConfirmationClaims = {
  sub: string;
  sid: string;
  sv: number;
  amr: ConfirmationMethod;
  iat: number;
  exp: number;
};

export function signConfirmation(
  privateKey: KeyObject,
  algorithm: jwt.Algorithm,
  input: Omit<ConfirmationClaims, 'iat' | 'exp'>,
  nowMs: number,
): { confirmation: string; expiresAt: number } {
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + CONFIRMATION_TTL_MS / 1000;
  const confirmation = jwt.sign({ ...input, iat, exp, aud: CONFIRMATION_AUDIENCE }, privateKey, {
    algorithm,
    header: { alg: algorithm, typ: CONFIRMATION_TYPE },
  });
  return { confirmation, expiresAt: exp * 1000 };
}

/** The claims of a well-formed, unexpired confirmation signed with identity's key; else null. */
export function verifyConfirmation(
  publicKey: KeyObject,
  algorithm: jwt.Algorithm,
  token: string,
  nowMs: number,
): ConfirmationClaims | null {
  try {
    const decoded = jwt.verify(token, publicKey, {
      algorithms: [algorithm],
      audience: CONFIRMATION_AUDIENCE,
      clockTimestamp: Math.floor(nowMs / 1000),
      complete: true,
    });
    if (decoded.header.typ !== CONFIRMATION_TYPE) return null;
    const c = decoded.payload as Record<string, unknown>;
    if (
      typeof c.sub !== 'string' ||
      typeof c.sid !== 'string' ||
      !Number.isInteger(c.sv) ||
      typeof c.amr !== 'string' ||
      typeof c.iat !== 'number' ||
      typeof c.exp !== 'number' ||
      // However it was signed, no confirmation speaks for longer than the window.
      c.exp - c.iat > CONFIRMATION_TTL_MS / 1000
    )
      return null;
    return c as unknown as ConfirmationClaims;
  } catch {
    return null;
  }
}
