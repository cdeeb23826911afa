import { createHmac, timingSafeEqual } from 'node:crypto';
import { REMINDER_KINDS, type ReminderKind } from '@dayframe/contracts';

/**
 * A reminder mail's unsubscribe token: `<payload>.<mac>`, both base64url, the payload
 * `<kind>.<userId>` and the mac the HMAC-SHA256 of both under `REMINDERS_UNSUBSCRIBE_SECRET`.
 * It is the whole permission (the one-click POST carries no session, RFC 8058), for one kind
 * of one account. It never expires: the link in an old mail keeps working.
 */
export function unsubscribeToken(key: Buffer, userId: string, kind: ReminderKind): string {
  const payload = Buffer.from(`${kind}.${userId}`, 'utf8').toString('base64url');
  return `${payload}.${mac(key, kind, userId)}`;
}

/** The account and kind a token was made for, or null for a forged, altered or malformed one. */
export function readUnsubscribeToken(
  key: Buffer,
  token: unknown,
): { userId: string; kind: ReminderKind } | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, payload, given] = match as unknown as [string, string, string];
  const decoded = Buffer.from(payload, 'base64url');
  // Base64url has spare bits: only the canonical spelling is the one that was signed.
  if (decoded.toString('base64url') !== payload) return null;
  const text = decoded.toString('utf8');
  const dot = text.indexOf('.');
  const kind = text.slice(0, dot);
  const userId = text.slice(dot + 1);
  if (dot < 1 || !isKind(kind) || userId.length === 0 || userId.length > 64) return null;
  const expected = Buffer.from(mac(key, kind, userId), 'ascii');
  if (!timingSafeEqual(expected, Buffer.from(given, 'ascii'))) return null;
  return { userId, kind };
}

function isKind(value: string): value is ReminderKind {
  return (REMINDER_KINDS as readonly string[]).includes(value);
}

function mac(key: Buffer, kind: string, userId: string): string {
  // Its own label: no other HMAC under any key is ever a valid unsubscribe mac.
  return createHmac('sha256', key)
    .update(`reminder-unsubscribe\n${kind}\n${userId}`)
    .digest('base64url');
}
