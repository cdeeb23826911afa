// Arbitraries for hostile requests, built from the contract schemas: each field of a request
// body or query is sometimes valid (so the request gets deep), sometimes text that breaks naive
// SQL, HTML, paths or encodings, sometimes the wrong type; bodies are sometimes any JSON at all,
// prototype-pollution keys, malformed JSON or the wrong content type; path segments are ids,
// strangers' ids, `../`, `%00` and worse.
import fc from 'fast-check';
import type { z } from 'zod';

/** Text that has broken parsers, queries, templates and renderers before. */
export const METACHARACTERS = [
  "'",
  '"',
  '`',
  '\\',
  '%',
  '_',
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '1" OR "1"="1',
  'SELECT * FROM users',
  '$where',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  'nul\u0000byte',
  '\ud800',
  'lone \udfff surrogate',
  '\u202eevil',
  '\ufeffbom',
  '\r\nSet-Cookie: x=1',
  '𝕏🎉👩‍👩‍👧',
  '日本語のテキスト',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'prototype',
  ' ',
  '',
] as const;

export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 4, arbitrary: fc.constantFrom(...METACHARACTERS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...METACHARACTERS), fc.string(), fc.constantFrom(...METACHARACTERS))
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 129, max: 60_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constant('é'.repeat(120_000)) },
);

/**
 * Text for a URL: short enough that the request line stays under Node's 16 KB header limit,
 * whose 431 comes from the HTTP parser before any Dayframe code runs.
 */
const urlText = text.filter((s) => s.length < 1500);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const calendarDate = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('2026-02-30', '0000-00-00', '9999-12-31', '2026-13-01', '26-1-1'),
  },
);
const shortText = fc.string({ minLength: 1, maxLength: 60 });

/** A valid value for each field name any contract uses. */
/** What `PublicKeyCredential.toJSON()` looks like, with random base64url in it. */
function webAuthnAnswer(): fc.Arbitrary<unknown> {
  const b64url = fc.base64String({ maxLength: 200 }).map((s) => s.replace(/=+$/, ''));
  return fc.record({
    id: b64url,
    rawId: b64url,
    type: fc.constantFrom('public-key', 'password'),
    response: fc.record({
      clientDataJSON: b64url,
      attestationObject: b64url,
      authenticatorData: b64url,
      signature: b64url,
      userHandle: b64url,
    }),
    clientExtensionResults: fc.constant({}),
  });
}

const VALID: Record<string, fc.Arbitrary<unknown>> = {
  title: shortText,
  description: shortText,
  content: fc.string({ minLength: 1, maxLength: 500 }),
  name: shortText,
  email: fc.emailAddress(),
  password: fc.string({ minLength: 8, maxLength: 128 }),
  newPassword: fc.string({ minLength: 8, maxLength: 128 }),
  otp: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
  // Issue 28: a six-digit or recovery code, a challenge id, a WebAuthn answer's JSON shape.
  code: fc.oneof(
    fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
    fc.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/),
  ),
  challenge: fc.base64String({ minLength: 43, maxLength: 44 }).map((s) => s.replace(/=+$/, '')),
  response: webAuthnAnswer(),
  passkey: webAuthnAnswer(),
  date: calendarDate,
  // An entry's tags, mood and star, and a journal's template (issue 25).
  tag: fc.stringMatching(/^[a-z][a-z0-9_-]{0,31}$/),
  tags: fc.array(fc.stringMatching(/^[a-z][a-z0-9_-]{0,31}$/), { maxLength: 20 }),
  mood: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  starred: fc.boolean(),
  template: fc.string({ maxLength: 500 }),
  dateDue: calendarDate,
  dateSet: calendarDate,
  currentDate: calendarDate,
  from: calendarDate,
  to: calendarDate,
  today: calendarDate,
  // GET /api/export's `format`, and dayframe.json's (POST /api/import).
  format: fc.constantFrom('zip', 'json', 'dayframe-export'),
  version: fc.constantFrom(1, 2),
  exportedAt: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  journals: fc.array(
    fc.record({
      title: shortText,
      description: fc.string({ maxLength: 60 }),
      entries: fc.array(
        fc.record({
          title: fc.string({ maxLength: 60 }),
          content: fc.string({ minLength: 1, maxLength: 200 }),
          date: calendarDate,
        }),
        { maxLength: 3 },
      ),
    }),
    { maxLength: 2 },
  ),
  goals: fc.array(
    fc.boolean().chain((completed) =>
      fc.record({
        title: shortText,
        description: shortText,
        completed: fc.constant(completed),
        dateSet: calendarDate,
        dateDue: calendarDate,
        dateComplete: completed ? calendarDate : fc.constant(null),
      }),
    ),
    { maxLength: 2 },
  ),
};

/** The fields of a contract object schema; every one must have a valid generator above. */
export function fieldsOf(schema: z.ZodObject): string[] {
  const fields = Object.keys(schema.shape);
  const missing = fields.filter((f) => !(f in VALID));
  if (missing.length) throw new Error(`no generator for contract field(s) ${missing.join(', ')}`);
  return fields;
}

function fieldValue(field: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: VALID[field]! },
    { weight: 3, arbitrary: text },
    { weight: 2, arbitrary: wrongType },
  );
}

const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Keys a body should not have: pollution keys, role escalation, anything. */
const extraKeys = fc.dictionary(
  fc.oneof(
    fc.constantFrom(...POLLUTION_KEYS, 'role', 'verified', 'userId', '_id', 'isAdmin'),
    fc.string(),
  ),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 2 },
);

/** A request body as it goes on the wire. */
export type WireBody = { raw: string; contentType?: string; note: string };

const objectFor = (fields: string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue(f)])), { requiredKeys: [] }),
      fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraKeys }),
    )
    .map(([known, extra]) => ({ ...known, ...extra }));

/** Bodies for a route with a contract (`fields`), or for one that takes none. */
export function bodies(fields: string[] | null): fc.Arbitrary<WireBody | undefined> {
  const object = fields ? objectFor(fields) : fc.dictionary(fc.string(), fc.jsonValue());
  const json = (value: unknown, note: string): WireBody => ({ raw: JSON.stringify(value), note });
  return fc.oneof(
    { weight: fields ? 1 : 6, arbitrary: fc.constant(undefined) },
    { weight: 8, arbitrary: object.map((o) => json(o, 'object')) },
    { weight: 2, arbitrary: fc.jsonValue().map((v) => json(v, 'any JSON')) },
    {
      // A pollution key JSON.parse keeps as an own property, whatever the object around it.
      weight: 2,
      arbitrary: fc.tuple(object, fc.constantFrom(...POLLUTION_KEYS)).map(([o, key]) => ({
        raw: JSON.stringify(o).replace(
          /^\{/,
          `{"${key}":{"polluted":"yes","prototype":{"polluted":"yes"}}${Object.keys(o).length ? ',' : ''}`,
        ),
        note: `pollution via ${key}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(object, fc.nat()).map(([o, cut]) => {
        const raw = JSON.stringify(o);
        return { raw: raw.slice(0, cut % Math.max(raw.length, 1)), note: 'truncated JSON' };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          object,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'multipart/form-data; boundary=x',
            'application/xml',
          ),
        )
        .map(([o, contentType]) => ({ raw: JSON.stringify(o), contentType, note: contentType })),
    },
  );
}

/** Percent-encodes every byte but the unreserved ones; never throws (lone surrogates become U+FFFD). */
export function encodeSegment(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path segments as they go on the wire; `null` stands for the route's real, valid id. */
export const segment: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '..',
      '.',
      '../..',
      '../../internal/session',
      '..%2f..%2finternal%2fsession',
      '%2e%2e',
      '%2e%2e%2f%2e%2e%2fadmin%2fusers',
      '%00',
      'abc%00def',
      '%ff%fe',
      '%',
      '%%',
      '%zz',
      "'OR'1'='1",
      '1;DROP%20TABLE%20journals',
      '<script>',
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '__proto__',
      'constructor',
      'null',
      '-1',
      '0',
      '1e309',
      'x'.repeat(3000),
      'dated',
    ),
  },
  { weight: 2, arbitrary: urlText.filter((s) => s.length > 0).map(encodeSegment) },
);

/** A query string: the contract's keys and strangers, single, repeated, or not encodings at all. */
export function queries(fields: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('q') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[b]') },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: fields.length ? fc.oneof(...fields.map((f) => VALID[f]!)) : urlText },
    { weight: 3, arbitrary: urlText },
  );
  const pair = fc
    .tuple(key, value)
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(String(v))}`);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fc.array(pair, { maxLength: 4 }).map((p) => p.join('&')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz=1', '&&&', '=', 'from=%00&to=%00', 'a=1&a=2&a=3'),
    },
  );
}

/** Mostly the route's own method; sometimes another one, or one nobody routes. */
export function methods(own: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(own) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'GET',
        'POST',
        'PUT',
        'DELETE',
        'PATCH',
        'OPTIONS',
        'PROPFIND',
        'TRACE',
      ),
    },
  );
}

/** Authorization as sent: mostly the caller's real token, sometimes not. */
export const authorization = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | null>(null) },
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: urlText.filter((s) => /^[\x21-\x7e ]*$/.test(s)).map((s) => `Bearer ${s}`),
  },
);

/** Every string inside a JSON value (keys too), so an answer may echo them without blame. */
export function stringsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    for (const s of [value, value.trim(), value.toLowerCase(), value.trim().toLowerCase()])
      into.add(s);
  } else if (Array.isArray(value)) {
    for (const v of value) stringsIn(v, into);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      stringsIn(v, into);
    }
  }
  return into;
}

/** Signs of an internal error reaching the client: stack frames, SQL, driver and library names. */
export const LEAK_PATTERNS = [
  /\bat .*:\d+/,
  /SQLITE/i,
  /\bER_[A-Z_]+/,
  /\bselect /i,
  /\binsert /i,
  /\bknex\b/i,
  /node_modules/,
  /\.ts:\d+/,
];

/**
 * The leaks in an answer. Strings the fuzzer itself sent (`sent`, stored and echoed back by
 * design) are skipped; inside other strings, what this request sent (`current`) is cut out
 * first, since an error message may quote an unknown field's name.
 */
export function leaksIn(text: string, sent: Set<string>, current: Set<string>): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      if (sent.has(value)) return;
      let rest = value;
      for (const s of current) if (s.length > 2) rest = rest.split(s).join(' ');
      for (const pattern of LEAK_PATTERNS)
        if (pattern.test(rest)) found.push(`${pattern}: ${rest.slice(0, 200)}`);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        visit(k);
        visit(v);
      }
    }
  };
  visit(parsed);
  return found;
}
