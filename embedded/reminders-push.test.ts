import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushEndpoint, type PushEndpoint } from '@dayframe/test-kit';
import { VAPID_KEYS_FILE } from '@dayframe/reminders';
import { startEmbeddedApp } from './_harness.ts';

// `npm start`'s reminders: Web Push keys made once in DATA_DIR, a loopback push service allowed
// (outside production only), and "Send a test" through the gateway to a real push service.
describe('Web Push in the embedded app', () => {
  let gw: Awaited<ReturnType<typeof startEmbeddedApp>>;
  let pushService: PushEndpoint;
  beforeAll(async () => {
    gw = await startEmbeddedApp();
    pushService = await startPushEndpoint();
  });
  afterAll(async () => {
    await pushService?.stop();
    await gw?.stop();
  });

  it('answers the key kept in DATA_DIR and pushes a test to a browser on loopback', async () => {
    const ada = await gw.verifiedUser('Ada', 'ada-push@example.com');
    const key = await gw.api.call('GET', '/api/push/key', { token: ada.token });
    expect(key.status).toBe(200);
    const kept = JSON.parse(readFileSync(join(gw.dataDir, VAPID_KEYS_FILE), 'utf8')) as {
      publicKey: string;
    };
    expect(key.body).toEqual({ publicKey: kept.publicKey });

    const subscribed = await gw.api.call('POST', '/api/push/subscriptions', {
      token: ada.token,
      body: pushService.subscription('embedded-ada'),
    });
    expect(subscribed.status).toBe(201);
    const test = await gw.api.call('POST', '/api/reminders/test', {
      token: ada.token,
      body: { channel: 'push' },
    });
    expect(test.status).toBe(202);
    expect(test.body).toEqual({ message: 'Sent to 1 device' });
    const [push] = pushService.received();
    expect(push).toMatchObject({ status: 201, vapidKey: kept.publicKey });
    expect(push!.payload).toMatchObject({ title: 'Test reminder' });
  });
});
