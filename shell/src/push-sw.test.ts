// The push service worker (public/push-sw.js) run as a browser runs it, as plain script text,
// in a stand-in for its global scope that records what it asks of the browser: the notification
// it shows for a push, and the window a click focuses, navigates or opens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const script = readFileSync(path.join(import.meta.dirname, '../public/push-sw.js'), 'utf8');
const ORIGIN = 'https://app.dayframe.example';

type Window = { url: string; focus(): Promise<Window>; navigate(url: string): Promise<Window> };

function workerScope(windowUrls: string[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const shown: { title: string; options: Record<string, any> }[] = [];
  const did: string[] = [];
  const windows: Window[] = windowUrls.map((url) => {
    const client: Window = {
      url,
      focus: async () => (did.push(`focus ${client.url}`), client),
      navigate: async (to) => (did.push(`navigate ${to}`), client),
    };
    return client;
  });
  const self = {
    location: new URL(`${ORIGIN}/push-sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      (listeners[type] = listener),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: Record<string, any>) =>
        void shown.push({ title, options }),
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => void did.push(`open ${url}`),
    },
  };
  runInNewContext(script, { self, URL });

  /** Dispatches an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: object) {
    let work: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }
  return {
    shown,
    did,
    push: (data: unknown) =>
      dispatch('push', {
        data: {
          json: () => (typeof data === 'string' ? JSON.parse(data) : data),
        },
      }),
    click: (url: unknown) =>
      dispatch('notificationclick', {
        notification: { data: { url }, close: () => did.push('close') },
      }),
  };
}

describe('the push service worker', () => {
  it('shows the pushed reminder, with the app icon and the screen to open', async () => {
    const worker = workerScope();
    await worker.push({ title: 'Time to write', body: 'Your evening entry', url: '/journals' });
    expect(worker.shown).toEqual([
      {
        title: 'Time to write',
        options: {
          body: 'Your evening entry',
          icon: '/favicon.svg',
          tag: 'dayframe-reminder',
          data: { url: '/journals' },
        },
      },
    ]);
  });

  it('still shows a notification for a push that is not JSON, and never keeps a URL of another site', async () => {
    const worker = workerScope();
    await worker.push('not json');
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'journals'])
      await worker.push({ title: 'x', body: 'y', url });
    expect(worker.shown.map((n) => [n.title, n.options['data'].url])).toEqual([
      ['Dayframe', '/'],
      ['x', '/'],
      ['x', '/'],
      ['x', '/'],
      ['x', '/'],
    ]);
  });

  it('on a click, focuses a Dayframe window and takes it to the screen, or opens one', async () => {
    const open = workerScope(['https://other.example/', `${ORIGIN}/calendar`]);
    await open.click('/journals?day=2026-11-26');
    expect(open.did).toEqual([
      'close',
      `focus ${ORIGIN}/calendar`,
      `navigate ${ORIGIN}/journals?day=2026-11-26`,
    ]);
    const there = workerScope([`${ORIGIN}/goals`]);
    await there.click('/goals');
    expect(there.did).toEqual(['close', `focus ${ORIGIN}/goals`]);
    const none = workerScope(['https://other.example/']);
    await none.click('//evil.example/');
    expect(none.did).toEqual(['close', `open ${ORIGIN}/`]);
  });
});
