import { z } from 'zod';
import {
  linkSecret,
  optionalEnv,
  systemClock,
  urlEnv,
  type Logger,
} from '@dayframe/service-kit/http';
import { configuredRateLimiter, type RateLimiter } from '@dayframe/service-kit/limits';
import { vapidKeys, type VapidKeys } from './push/vapid-keys.ts';

/**
 * What the reminders service reads from the environment (README "Configuration") beside the
 * common settings. Parsed once, with the rest of its process's (or the embedded app's).
 */
export const remindersSettings = {
  /** Where people open Dayframe: a reminder's link to New Entry starts here. */
  APP_URL: urlEnv(['http', 'https']).default('http://localhost:8080'),
  /** Its own key for the mails' one-click unsubscribe links; no other key signs them. */
  REMINDERS_UNSUBSCRIBE_SECRET: optionalEnv(z.string().min(1)),
  /** Web Push's key pair and contact (RFC 8292); checked by `vapidKeys`, which names the bad one. */
  VAPID_PUBLIC_KEY: optionalEnv(z.string()),
  VAPID_PRIVATE_KEY: optionalEnv(z.string()),
  VAPID_SUBJECT: optionalEnv(z.string()),
};

/**
 * The key unsubscribe links are signed with: `REMINDERS_UNSUBSCRIBE_SECRET`, required in
 * production (32 bytes or more); elsewhere one made once in `DATA_DIR/reminders-unsubscribe-secret`.
 * Changing it breaks the link in every mail already sent, so it is kept, never made per start.
 */
export function unsubscribeSecret(config: {
  NODE_ENV: string;
  DATA_DIR: string;
  REMINDERS_UNSUBSCRIBE_SECRET?: string | undefined;
}): Buffer {
  return linkSecret({
    name: 'REMINDERS_UNSUBSCRIBE_SECRET',
    value: config.REMINDERS_UNSUBSCRIBE_SECRET,
    NODE_ENV: config.NODE_ENV,
    DATA_DIR: config.DATA_DIR,
    file: 'reminders-unsubscribe-secret',
  });
}

type PushConfig = {
  NODE_ENV: string;
  DATA_DIR: string;
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
};

/**
 * Web Push as configured: the VAPID keys (from the environment, or made once in `DATA_DIR`
 * outside production), and whether a subscription may name a push service on loopback. Only
 * `npm start` outside production allows that (a developer's or an e2e test's own push
 * service); a deployment, where the server's neighbours are other services, never does.
 */
export function remindersPush(
  config: PushConfig,
  runs: 'embedded' | 'own-process',
): { keys: VapidKeys; allowLocal: boolean } {
  return {
    keys: vapidKeys(config, config.DATA_DIR),
    allowLocal: runs === 'embedded' && config.NODE_ENV !== 'production',
  };
}

/**
 * "Send a test" counts a minute in Redis when `REDIS_URL` is set (every replica counts
 * together, as media's uploads do), in memory otherwise. Whoever makes it closes it.
 */
export function remindersRateLimiter(
  config: { REDIS_URL?: string | undefined; QUEUE_PREFIX: string },
  log: Logger,
): RateLimiter {
  return configuredRateLimiter(config, systemClock, log);
}
