import { createPublicKey } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';

/**
 * The body of `POST /api/push/subscriptions`: what the browser's `PushSubscription.toJSON()`
 * gives. Its endpoint is a URL the server will POST to on the user's behalf, so it is checked
 * as a request-forgery surface: https only, and never an address inside our own network,
 * unless `allowLocal` (tests and `npm start`, whose push service may be on loopback).
 */
export function pushSubscriptionSchema(options: { allowLocal: boolean }) {
  return z.object({
    endpoint: z
      .string({ error: 'endpoint must be a URL' })
      .max(MAX_ENDPOINT, `endpoint must be at most ${MAX_ENDPOINT} characters`)
      .superRefine((endpoint, ctx) => {
        const refused = endpointRefusal(endpoint, options.allowLocal);
        if (refused) ctx.addIssue({ code: 'custom', message: refused });
      }),
    keys: z.object(
      {
        p256dh: base64url('keys.p256dh', 'a P-256 public key (65 bytes, uncompressed)', (bytes) =>
          isP256Point(bytes),
        ),
        auth: base64url('keys.auth', '16 bytes', (bytes) => bytes.length === 16),
      },
      { error: 'keys must hold p256dh and auth' },
    ),
    // Browsers send it, always null so far; kept out of the way rather than refused.
    expirationTime: z.number().nullable().optional(),
  });
}

export type PushSubscriptionBody = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

/** Real push services' endpoints are a few hundred characters; this leaves room and no more. */
const MAX_ENDPOINT = 2048;
/** 65 bytes is 87 characters of base64url; padding, which some browsers add, makes 88. */
const MAX_KEY = 100;

function base64url(field: string, what: string, fits: (bytes: Buffer) => boolean) {
  const message = `${field} must be ${what} in base64url`;
  return z
    .string({ error: message })
    .max(MAX_KEY, message)
    .refine((text) => /^[\w-]+={0,2}$/.test(text) && fits(Buffer.from(text, 'base64url')), {
      error: message,
    });
}

/** An uncompressed point (0x04, x, y) that is on the curve: web-push could not encrypt to any other. */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Addresses that are ours or our neighbours', never a push service: private, loopback,
 * link-local (cloud metadata at 169.254.169.254), shared and unspecified ranges, in IPv4 and
 * IPv6. Node's BlockList checks an IPv4-mapped IPv6 address (::ffff:127.0.0.1) against the IPv4
 * ranges too, so that spelling does not walk around them.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why the endpoint is refused, or null. The URL parser has already turned `0x7f.1` into `127.0.0.1`. */
export function endpointRefusal(endpoint: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpoint must be a URL';
  }
  if (url.username || url.password) return 'endpoint must not hold a user name or password';
  const loopback = LOOPBACK_NAMES.has(url.hostname) || url.hostname.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLocal && loopback))
    return 'endpoint must be an https URL';
  if (allowLocal) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const internal =
    loopback ||
    (isIPv4(host) && INTERNAL.check(host, 'ipv4')) ||
    (isIPv6(host) && INTERNAL.check(host, 'ipv6'));
  return internal ? 'endpoint must not be a local or private network address' : null;
}
