import { createECDH, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { tempDataDir } from '@dayframe/test-kit';
import { remindersPush, unsubscribeSecret } from './config.ts';
import { pushSubscriptionSchema } from './push/push-subscription.ts';

describe("the unsubscribe links' key", () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it('is REMINDERS_UNSUBSCRIBE_SECRET when set', () => {
    const given = 'a-reminders-unsubscribe-secret-of-32-bytes';
    const key = unsubscribeSecret({
      NODE_ENV: 'production',
      DATA_DIR: data.dir,
      REMINDERS_UNSUBSCRIBE_SECRET: given,
    });
    expect(key.toString('utf8')).toBe(given);
  });

  it.each([
    ['missing', undefined],
    ['shorter than 32 bytes', 'too-short-a-secret'],
    ['the .env.example placeholder', 'change-me-reminders-unsubscribe-secret'],
  ])('is refused in production when %s, naming the variable', (_why, value) => {
    expect(() =>
      unsubscribeSecret({
        NODE_ENV: 'production',
        DATA_DIR: data.dir,
        REMINDERS_UNSUBSCRIBE_SECRET: value,
      }),
    ).toThrow(
      'Invalid configuration: REMINDERS_UNSUBSCRIBE_SECRET: required when NODE_ENV=production, 32 bytes or more',
    );
  });

  it('is made once and kept in DATA_DIR for npm start, so old links keep working', () => {
    const first = unsubscribeSecret({ NODE_ENV: 'development', DATA_DIR: data.dir });
    expect(first).toHaveLength(32);
    expect(unsubscribeSecret({ NODE_ENV: 'development', DATA_DIR: data.dir })).toEqual(first);
    expect(statSync(join(data.dir, 'reminders-unsubscribe-secret')).mode & 0o777).toBe(0o600);
  });
});

describe('remindersPush', () => {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const loopback = {
    endpoint: 'http://127.0.0.1:9/push/a',
    keys: {
      p256dh: browser.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
  const accepts = (allowLocal: boolean) =>
    pushSubscriptionSchema({ allowLocal }).safeParse(loopback).success;

  it('allows a loopback push service only embedded and outside production', () => {
    const data = tempDataDir();
    try {
      const pair = webpush.generateVAPIDKeys();
      const production = {
        NODE_ENV: 'production',
        DATA_DIR: data.dir,
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      };
      const development = { NODE_ENV: 'development', DATA_DIR: data.dir };
      expect(accepts(remindersPush(development, 'embedded').allowLocal)).toBe(true);
      expect(accepts(remindersPush(development, 'own-process').allowLocal)).toBe(false);
      expect(accepts(remindersPush(production, 'embedded').allowLocal)).toBe(false);
      expect(remindersPush(production, 'own-process').keys.publicKey).toBe(pair.publicKey);
      expect(() =>
        remindersPush({ NODE_ENV: 'production', DATA_DIR: data.dir }, 'embedded'),
      ).toThrow(/VAPID_PUBLIC_KEY: required when NODE_ENV=production/);
    } finally {
      data.remove();
    }
  });
});
