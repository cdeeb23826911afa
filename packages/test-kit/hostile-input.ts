import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from './http.ts';

/**
 * Request bodies a service must refuse with a 4xx and a clear message, never a 500, built
 * around one valid body: malformed JSON, non-objects, wrong types, missing fields, a `__proto__` key,
 * oversized strings, and the wrong content type.
 */
export type HostileBody = {
  name: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
};

export const ONE_MEGABYTE = 1_048_576;

/** `optional` names fields the body may leave out, so leaving them out is not hostile. */
export function hostileBodies(
  valid: Record<string, unknown>,
  optional: string[] = [],
): HostileBody[] {
  const fields = Object.keys(valid);
  const cases: HostileBody[] = [
    { name: 'malformed JSON', rawBody: '{"title": "unterminated' },
    { name: 'JSON null', rawBody: 'null' },
    { name: 'a JSON array', body: [valid] },
    { name: 'a JSON string', body: 'hello' },
    { name: 'a JSON number', rawBody: '42' },
    { name: 'an empty object', body: {} },
    {
      name: 'a prototype key',
      rawBody: JSON.stringify(valid).replace(/^\{/, '{"__proto__":{"polluted":true},'),
    },
    { name: 'a 1 MB string', body: { ...valid, [fields[0] ?? 'x']: 'x'.repeat(ONE_MEGABYTE) } },
    {
      name: 'text/plain',
      rawBody: JSON.stringify(valid),
      headers: { 'content-type': 'text/plain' },
    },
    {
      name: 'form encoding',
      rawBody: 'title=a&content=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  ];
  for (const field of fields) {
    const { [field]: _omitted, ...rest } = valid;
    if (!optional.includes(field)) cases.push({ name: `${field} missing`, body: rest });
    cases.push({ name: `${field} a number`, body: { ...valid, [field]: 42 } });
    cases.push({ name: `${field} an object`, body: { ...valid, [field]: { $gt: '' } } });
    cases.push({ name: `${field} an array`, body: { ...valid, [field]: ['a'] } });
    cases.push({ name: `${field} null`, body: { ...valid, [field]: null } });
    cases.push({ name: `${field} 150 KB`, body: { ...valid, [field]: 'y'.repeat(150_000) } });
  }
  return cases;
}

/** A route that takes a body, with one valid body and the fields it may leave out. */
export type HostileTarget = {
  method: string;
  path: string;
  valid: Record<string, unknown>;
  optional: string[];
};

/**
 * Sends each of {@link hostileBodies} to each target as `token`'s user and expects every answer
 * to be a 4xx with a message, never a 500; answers them all, for checks of the test's own.
 */
export async function expectHostileBodiesRefused(
  api: ApiClient,
  token: string,
  targets: HostileTarget[],
): Promise<{ name: string; response: ApiResponse }[]> {
  const answers: { name: string; response: ApiResponse }[] = [];
  for (const target of targets) {
    for (const hostile of hostileBodies(target.valid, target.optional)) {
      const response = await api.call(target.method, target.path, { token, ...hostile });
      expect(
        response.status,
        `${target.method} ${hostile.name}: ${response.text}`,
      ).toBeGreaterThanOrEqual(400);
      expect(response.status, `${target.method} ${hostile.name}`).toBeLessThan(500);
      expect(response.body?.message, hostile.name).toEqual(expect.any(String));
      answers.push({ name: hostile.name, response });
    }
  }
  return answers;
}

/** Text that breaks naive SQL or HTML handling; a service must store and return it verbatim. */
export const METACHARACTER_TEXT = `Robert'); DROP TABLE journals;-- "quoted" \\ back\\slash % _ <script>alert('x')</script> &amp; \u0000-free ✓ 日本語 🎉`;
