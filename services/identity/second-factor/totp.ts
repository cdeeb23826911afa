import { generate, generateSecret, verify } from 'otplib';

/**
 * Authenticator-app codes as every app makes them (RFC 6238): SHA-1, 6 digits, 30-second steps.
 * A code is good for its own step and one on either side, for a phone clock a little off and a
 * code typed as the step turns; which step it was is kept so that no code is taken twice.
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** ±1 step, in seconds as otplib counts the tolerance. */
const TOLERANCE_S = TOTP_PERIOD_S;

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** What an app shows at `nowMs` for `secret` (base32); tests compute codes with it too. */
export function totpCodeAt(secret: string, nowMs: number): Promise<string> {
  return generate({
    secret,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD_S,
    digits: TOTP_DIGITS,
    algorithm: 'sha1',
  });
}

/**
 * The step `code` belongs to when it is one of the codes for `nowMs` ±1 step and newer than
 * `afterStep` (the newest step already accepted), or null.
 */
export async function matchingTotpStep(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_S,
    period: TOTP_PERIOD_S,
    digits: TOTP_DIGITS,
    algorithm: 'sha1',
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * The link an authenticator app reads from the QR code. The label is the account's address
 * under the issuer, so the app lists it as "Dayframe (address)".
 */
export function otpauthUrl(email: string, secret: string): string {
  return `otpauth://totp/Dayframe:${encodeURIComponent(email)}?secret=${secret}&issuer=Dayframe`;
}
