// What `POST /api/push/subscriptions` accepts: a browser's subscription, each refusal naming
// its field, and no endpoint that would turn the server's pushes against its own network.
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushEndpoint, type PushEndpoint } from '@dayframe/test-kit';
import { pushSubscriptionSchema } from './push-subscription.ts';

const strict = pushSubscriptionSchema({ allowLocal: false });
const local = pushSubscriptionSchema({ allowLocal: true });

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  return {
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}
const FCM = 'https://fcm.googleapis.com/fcm/send/dQ3m8b1x:APA91bHq0_9x-Zt';

/** The messages a body is refused with; none when it is accepted. */
function refusals(schema: typeof strict, body: unknown): string[] {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('a push subscription as posted by the browser', () => {
  let pushService: PushEndpoint;
  beforeAll(async () => {
    pushService = await startPushEndpoint();
  });
  afterAll(() => pushService.stop());

  it('is accepted as PushSubscription.toJSON() gives it, expirationTime included', () => {
    const body = { endpoint: FCM, expirationTime: null, keys: browserKeys() };
    expect(strict.parse(body)).toEqual(body);
    expect(
      refusals(strict, { ...body, keys: { ...body.keys, p256dh: `${body.keys.p256dh}=` } }),
    ).toEqual([]);
  });

  it('on a loopback push service over http only where local endpoints are allowed', () => {
    const subscription = pushService.subscription();
    expect(refusals(local, subscription)).toEqual([]);
    expect(refusals(strict, subscription)).toEqual(['endpoint must be an https URL']);
    const httpsLoopback = { ...subscription, endpoint: 'https://127.0.0.1:8443/push/x' };
    expect(refusals(strict, httpsLoopback)).toEqual([
      'endpoint must not be a local or private network address',
    ]);
    expect(refusals(local, { ...subscription, endpoint: 'http://push.example/x' })).toEqual([
      'endpoint must be an https URL',
    ]);
  });

  it('is refused with a message naming the field', () => {
    const keys = browserKeys();
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]);
    const cases: [unknown, string][] = [
      [
        { endpoint: FCM, keys: { ...keys, auth: randomBytes(15).toString('base64url') } },
        'keys.auth must be 16 bytes in base64url',
      ],
      [
        { endpoint: FCM, keys: { ...keys, auth: 'not base64url!!!!!!!!!' } },
        'keys.auth must be 16 bytes in base64url',
      ],
      [{ endpoint: FCM, keys: { ...keys, auth: 7 } }, 'keys.auth must be 16 bytes in base64url'],
      [
        { endpoint: FCM, keys: { ...keys, p256dh: keys.p256dh.slice(0, 86) } },
        'keys.p256dh must be a P-256 public key (65 bytes, uncompressed) in base64url',
      ],
      [
        { endpoint: FCM, keys: { ...keys, p256dh: notOnCurve.toString('base64url') } },
        'keys.p256dh must be a P-256 public key (65 bytes, uncompressed) in base64url',
      ],
      [
        { endpoint: FCM, keys: { ...keys, p256dh: 'A'.repeat(5000) } },
        'keys.p256dh must be a P-256 public key (65 bytes, uncompressed) in base64url',
      ],
      [{ endpoint: FCM }, 'keys must hold p256dh and auth'],
      [{ keys }, 'endpoint must be a URL'],
      [{ endpoint: 'not a url', keys }, 'endpoint must be a URL'],
      [{ endpoint: `${FCM}${'x'.repeat(2048)}`, keys }, 'endpoint must be at most 2048 characters'],
      [{ endpoint: 'ftp://push.example/x', keys }, 'endpoint must be an https URL'],
      [
        { endpoint: 'https://user:pw@push.example/x', keys },
        'endpoint must not hold a user name or password',
      ],
    ];
    for (const [body, message] of cases) expect(refusals(strict, body), message).toContain(message);
  });

  it('never points into our own network, however the address is spelled', () => {
    const keys = browserKeys();
    for (const host of [
      'localhost',
      'api.localhost',
      '127.0.0.1',
      '127.1',
      '2130706433', // 127.0.0.1 as one number
      '0x7f.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254', // cloud instance metadata
      '100.64.0.1',
      '[::1]',
      '[::]',
      '[::ffff:127.0.0.1]',
      '[::ffff:10.0.0.1]',
      '[fd12:3456::1]',
      '[fc00::1]',
      '[fe80::1]',
    ]) {
      expect(refusals(strict, { endpoint: `https://${host}/push/x`, keys }), host).toEqual([
        'endpoint must not be a local or private network address',
      ]);
    }
    // Public addresses next door to the private ranges are a push service's as much as any.
    for (const host of [
      '172.32.0.1',
      '8.8.8.8',
      '[2001:db8::1]',
      'updates.push.services.mozilla.com',
    ])
      expect(refusals(strict, { endpoint: `https://${host}/push/x`, keys }), host).toEqual([]);
  });
});
