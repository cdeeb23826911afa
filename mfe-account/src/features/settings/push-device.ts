import { isApiError } from '@dayframe/web-kit';
import { addPushSubscription, getPushKey, removePushSubscription } from './api/reminder-calls.ts';

/** Where this browser keeps the id the server gave its push subscription. */
const SUBSCRIPTION_ID_KEY = 'pushSubscriptionId';

/** The service worker that shows reminders (served by the shell at the root). */
const WORKER_PATH = '/push-sw.js';

/** Thrown when the person (or the browser) refuses the notification permission. */
export class PushBlocked extends Error {
  constructor() {
    super('Notification permission not granted');
    this.name = 'PushBlocked';
  }
}

/** True when this browser can receive Web Push: a service worker, PushManager and Notification. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window.PushManager === 'function' &&
    typeof window.Notification === 'function'
  );
}

/** The id of this device's subscription on the server, while notifications are on here. */
export function deviceSubscriptionId(): string | null {
  return localStorage.getItem(SUBSCRIPTION_ID_KEY);
}

/** A VAPID key as the push manager takes it: the bytes of its base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * "Turn on notifications": registers the worker, asks for permission, subscribes with the
 * server's key and hands the subscription over. Answers the server's id, kept for turning off.
 */
export async function turnOnPush(): Promise<string> {
  const registration = await navigator.serviceWorker.register(WORKER_PATH, { scope: '/' });
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlocked();
  const { publicKey } = await getPushKey();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const { id } = await addPushSubscription(subscription.toJSON());
  localStorage.setItem(SUBSCRIPTION_ID_KEY, id);
  return id;
}

/**
 * "Turn off on this device": the server forgets the subscription first (so nothing is sent to
 * it), then the browser drops it. A subscription the server no longer knows is already off.
 */
export async function turnOffPush(id: string): Promise<void> {
  await removePushSubscription(id).catch((error: unknown) => {
    if (!isApiError(error, 404)) throw error;
  });
  localStorage.removeItem(SUBSCRIPTION_ID_KEY);
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
