import { expect } from 'vitest';

/** A value no service would make up: if it shows up in an answer or a row, it was stored or echoed. */
export const UNKNOWN_FIELD_MARKER = 'unknown-field-marker-7f3a';

/**
 * The JSON text of `known` plus fields no contract declares: a newer client's extra field, a
 * mass-assignment attempt, and `constructor.prototype` / `prototype`, which pollute prototypes
 * when a body is merged naively into an object.
 */
export function withUnknownFields(known: Record<string, unknown>): string {
  return JSON.stringify({
    ...known,
    nickname: UNKNOWN_FIELD_MARKER,
    isAdmin: true,
    constructor: { prototype: { polluted: UNKNOWN_FIELD_MARKER } },
    prototype: { polluted: UNKNOWN_FIELD_MARKER },
  });
}

/**
 * The JSON text of `known` plus a `__proto__` key, built as text because an object literal's
 * `__proto__` would set a prototype instead of sending the key.
 */
export function withProtoKey(known: Record<string, unknown>): string {
  return `${JSON.stringify(known).slice(0, -1)},"__proto__":{"polluted":"${UNKNOWN_FIELD_MARKER}"}}`;
}

/** Nothing sent by `withUnknownFields` reached `Object.prototype`, the answer or the stored rows. */
export function expectIgnored(...seen: unknown[]): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  for (const value of seen) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    expect(text).not.toContain(UNKNOWN_FIELD_MARKER);
    expect(text).not.toMatch(/nickname|isAdmin|polluted/);
  }
}

/**
 * Sends each raw body with `send` and expects a 400 with `code`, nothing of the body echoed or
 * polluted, and `rows()` the same after as before.
 */
export async function expectRefusedAndUnstored(
  send: (rawBody: string) => Promise<{ status: number; text: string; body: any }>,
  rawBodies: string[],
  code: 'validation_failed' | 'invalid_json',
  rows: () => Promise<unknown>,
): Promise<void> {
  const before = await rows();
  for (const rawBody of rawBodies) {
    const res = await send(rawBody);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe(code);
    expectIgnored(res.text);
  }
  expect(await rows()).toEqual(before);
}
