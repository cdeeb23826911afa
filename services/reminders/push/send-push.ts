import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.ts';

/** A browser's push subscription as kept: where to POST, and the keys its payload is sealed to. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };
/** What the notification shows, and the screen a click on it opens (a path of this app). */
export type ReminderNotification = { title: string; body: string; url: string };
/**
 * `gone`: the push service no longer knows the subscription (404 or 410, RFC 8030 §7.3), so
 * the caller removes it. `failed`: anything else; the subscription stays for the next reminder.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

type Warn = { warn(fields: Record<string, unknown>, message: string): void };

/** A reminder is worth showing for half a day; after that the push service may drop it. */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Encrypts the notification to the subscription (RFC 8291) and signs for the push service
 * (VAPID), both with web-push, and POSTs it. The POST is ours, not web-push's
 * `sendNotification`: that one speaks only https, so it could never reach the loopback push
 * service of the tests or of `npm start`, and ours never follows a redirect, which would let
 * an endpoint bounce the server's request to an address the subscription check refused.
 * Never throws; a failure is logged with the status and the push service's origin only: the
 * endpoint's path names the subscription, and its keys seal the payload.
 */
export async function sendPush(
  subscription: PushTarget,
  notification: ReminderNotification,
  keys: VapidKeys,
  log?: Warn,
): Promise<PushOutcome> {
  const origin = originOf(subscription.endpoint);
  const fail = (fields: Record<string, unknown>) => {
    log?.warn({ pushService: origin, ...fields }, 'web push not delivered');
    return 'failed' as const;
  };
  let request: webpush.RequestDetails;
  try {
    request = webpush.generateRequestDetails(subscription, JSON.stringify(notification), {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    });
  } catch {
    // web-push's messages here may quote the keys: only the fact is logged.
    return fail({ reason: 'cannot encrypt to this subscription' });
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      // fetch counts the body itself, and refuses a Content-Length of ours.
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  let status: number;
  try {
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel(); // nothing to read: the status says it all
  } catch (error) {
    return fail({ reason: (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable' });
  }
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  return fail({ status });
}

function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'not a URL';
  }
}
