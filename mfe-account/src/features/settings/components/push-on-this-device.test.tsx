import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@dayframe/web-kit';
import { fakeApi, renderAt, toastTexts, verifiedUser } from '@dayframe/web-kit/testing';
import { PushOnThisDevice } from './push-on-this-device.tsx';

const subscriptionJson = {
  endpoint: 'https://push.example.com/send/abc',
  keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
};

/** A browser with Web Push: a worker registration whose push manager records what it is given. */
function browserWithPush(permission: NotificationPermission) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = { toJSON: () => subscriptionJson, unsubscribe };
  const pushManager = {
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => subscription),
    getSubscription: vi.fn(async () => subscription),
  };
  const register = vi.fn(async () => ({ pushManager }));
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      requestPermission: vi.fn(async () => permission),
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  return { register, pushManager, unsubscribe };
}

function renderDevice(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(routes);
  session.signIn('session-token', verifiedUser);
  renderAt('/settings', { '/settings': <PushOnThisDevice>{null}</PushOnThisDevice> });
  return api;
}

describe('notifications on this device', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('turns on: registers the worker, asks, subscribes with the server key and keeps the id', async () => {
    const browser = browserWithPush('granted');
    const api = renderDevice({
      'GET /push/key': [200, { publicKey: 'AQID_-8' }],
      'POST /push/subscriptions': [201, { id: 'sub-1' }],
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await screen.findByRole('button', { name: 'Turn off on this device' });
    expect(browser.register).toHaveBeenCalledWith('/push-sw.js', { scope: '/' });
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    // base64url "AQID_-8" is the bytes 1, 2, 3, 255, 239.
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual([1, 2, 3, 255, 239]);
    expect(api.writes().map((c) => [c.path, c.body])).toEqual([
      ['/push/subscriptions', subscriptionJson],
    ]);
    expect(localStorage.getItem('pushSubscriptionId')).toBe('sub-1');
    expect(toastTexts()).toEqual(['Notifications turned on for this device']);
  });

  it('a refused permission is said, and nothing is sent', async () => {
    browserWithPush('denied');
    const api = renderDevice({});
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Notifications are blocked for Dayframe in this browser. Allow them in the site settings, then try again.',
      ]),
    );
    expect(api.calls).toEqual([]);
    expect(localStorage.getItem('pushSubscriptionId')).toBeNull();
  });

  it('turns off: the server forgets the subscription, then the browser drops it', async () => {
    const browser = browserWithPush('granted');
    localStorage.setItem('pushSubscriptionId', 'sub-1');
    const api = renderDevice({ 'DELETE /push/subscriptions/sub-1': [204] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Turn off on this device' }));
    await screen.findByRole('button', { name: 'Turn on notifications' });
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /push/subscriptions/sub-1',
    ]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
    expect(localStorage.getItem('pushSubscriptionId')).toBeNull();
  });
});
