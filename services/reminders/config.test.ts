import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { tempDataDir } from '@dayframe/test-kit';
import { remindersPush } from './config.ts';
import { pushSubscriptionSchema } from './push/push-subscription.ts';

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
