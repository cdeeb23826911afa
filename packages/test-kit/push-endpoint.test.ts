// The test push service against web-push, an implementation it shares no code with: what
// web-push encrypts and signs, ours decrypts and verifies; a body or signature changed on
// the way is refused, as a real push service would.
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushEndpoint, type BrowserPushSubscription, type PushEndpoint } from './mod.ts';

const vapid = webpush.generateVAPIDKeys();
const vapidDetails = { subject: 'mailto:reminders@dayframe.example', ...vapid };

/** What web-push would send for this push, posted as is or as `change` leaves it. */
async function push(
  subscription: BrowserPushSubscription,
  payload: string,
  change: (request: { headers: Record<string, string>; body: Buffer }) => void = () => {},
) {
  const details = webpush.generateRequestDetails(subscription, payload, { vapidDetails, TTL: 60 });
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  delete headers['Content-Length']; // fetch counts the body itself
  const request = { headers, body: details.body };
  change(request);
  const response = await fetch(details.endpoint, {
    method: 'POST',
    headers: request.headers,
    body: new Uint8Array(request.body),
  });
  return response.status;
}

describe('the test push endpoint', () => {
  let endpoint: PushEndpoint;
  beforeAll(async () => {
    endpoint = await startPushEndpoint();
  });
  afterAll(() => endpoint.stop());

  it('hands out subscriptions shaped like a browser’s', () => {
    const subscription = endpoint.subscription('shape');
    expect(subscription.endpoint).toBe(`${endpoint.url}/push/shape`);
    expect(Buffer.from(subscription.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
    expect(subscription.keys.auth).toMatch(/^[\w-]+$/);
  });

  it('decrypts what web-push encrypted and checks its VAPID signature', async () => {
    const subscription = endpoint.subscription('agrees');
    const sent = { title: 'Write today', body: 'Your evening entry', url: '/journals' };
    expect(await push(subscription, JSON.stringify(sent))).toBe(201);
    const [got] = endpoint.received().filter((p) => p.subscriptionId === 'agrees');
    expect(got).toMatchObject({ status: 201, payload: sent, vapidKey: vapid.publicKey });
    expect(got?.headers['content-encoding']).toBe('aes128gcm');
    expect(got?.headers.ttl).toBe('60');
  });

  it('refuses a body changed on the way, and records it as refused', async () => {
    const subscription = endpoint.subscription('tampered');
    const status = await push(subscription, '{"title":"x"}', ({ body }) => {
      body[body.length - 20]! ^= 1;
    });
    expect(status).toBe(400);
    const [got] = endpoint.received().filter((p) => p.subscriptionId === 'tampered');
    expect(got?.payload).toBeUndefined();
    expect(got?.refused).toMatch(/cannot decrypt/);
  });

  it('refuses a push whose VAPID token another key signed, or with no token', async () => {
    const subscription = endpoint.subscription('forged');
    const other = webpush.generateVAPIDKeys().publicKey;
    const forged = await push(subscription, '{}', ({ headers }) => {
      headers.Authorization = headers.Authorization!.replace(/k=.*$/, `k=${other}`);
    });
    const bare = await push(subscription, '{}', ({ headers }) => delete headers.Authorization);
    expect([forged, bare]).toEqual([401, 401]);
    expect(endpoint.received().filter((p) => p.subscriptionId === 'forged')).toMatchObject([
      { refused: 'VAPID signature does not match k' },
      { refused: 'no VAPID Authorization header' },
    ]);
  });

  it('answers 410 or 404 when asked, and 404 for a subscription it never made', async () => {
    const subscription = endpoint.subscription('gone');
    const stranger = { ...subscription, endpoint: `${endpoint.url}/push/never-made` };
    try {
      endpoint.answerWith(410);
      expect(await push(subscription, '{}')).toBe(410);
      endpoint.answerWith(404);
      expect(await push(subscription, '{}')).toBe(404);
    } finally {
      endpoint.answerWith(201);
    }
    expect(await push(subscription, '{}')).toBe(201);
    expect(await push(stranger, '{}')).toBe(404);
  });
});
