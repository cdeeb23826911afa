import { isDeepStrictEqual } from 'node:util';
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/**
 * The JWS header `typ` of an event signature. Events are signed with identity's token key, so
 * the type keeps the two apart: an event signature is not a session token (it has none of a
 * token's claims) and a token is not an event signature (it lacks this type and the event).
 */
export const EVENT_SIGNATURE_TYPE = 'dayframe-event';

/** An event as published: its fields, and identity's signature over them and the topic. */
export type SignedEvent = Record<string, unknown> & { signature: string };

/**
 * Identity's signature of an event: a compact JWS (the token algorithm, RS256) whose payload is
 * `{ topic, event }`, `event` being every field published beside it. Binding the topic and the
 * event's own id, subject and time means a signature cannot be moved to another event.
 */
export function signEvent(
  privateKey: KeyObject,
  algorithm: jwt.Algorithm,
  topic: string,
  fields: Record<string, unknown>,
): string {
  return jwt.sign({ topic, event: fields }, privateKey, {
    algorithm,
    noTimestamp: true,
    header: { alg: algorithm, typ: EVENT_SIGNATURE_TYPE },
  });
}

/**
 * The signed fields of `event` on `topic`, or null when its `signature` is missing, was not made
 * with identity's key, is for another topic, or any signed field differs from the one published
 * beside it. A field that is published but not signed is not returned, so a reader acting on the
 * result acts only on what identity said.
 */
export function verifyEvent(
  publicKey: KeyObject,
  algorithm: jwt.Algorithm,
  topic: string,
  event: unknown,
): Record<string, unknown> | null {
  if (typeof event !== 'object' || event === null) return null;
  const published = event as Record<string, unknown>;
  if (typeof published.signature !== 'string') return null;
  let signed: jwt.Jwt;
  try {
    signed = jwt.verify(published.signature, publicKey, {
      algorithms: [algorithm],
      complete: true,
    });
  } catch {
    return null;
  }
  if (signed.header.typ !== EVENT_SIGNATURE_TYPE) return null;
  const payload = signed.payload as { topic?: unknown; event?: unknown };
  if (payload.topic !== topic) return null;
  const fields = payload.event;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return null;
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'signature' || !isDeepStrictEqual(published[name], value)) return null;
  }
  return { ...fields };
}
