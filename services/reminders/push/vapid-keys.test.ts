// The VAPID identity: made once for `npm start` and kept (browsers subscribed with its public
// key), taken from the environment when an operator sets it, and refused at startup when the
// environment holds half of it.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '@dayframe/test-kit';
import { VAPID_KEYS_FILE, vapidKeys } from './vapid-keys.ts';

describe('VAPID keys', () => {
  const dirs: ReturnType<typeof tempDataDir>[] = [];
  const dataDir = () => {
    const dir = tempDataDir();
    dirs.push(dir);
    return dir.dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

  it('are made once in DATA_DIR (0600) and read back the same on the next start', () => {
    const dir = dataDir();
    const first = vapidKeys({}, dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(first.subject).toMatch(/^mailto:/);
    expect(statSync(join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(vapidKeys({}, dir)).toEqual(first);
    expect(vapidKeys({}, dataDir()).publicKey).not.toBe(first.publicKey);
  });

  it('come from the environment when set, which wins over kept ones', () => {
    const dir = dataDir();
    vapidKeys({}, dir);
    const given = webpush.generateVAPIDKeys();
    const env = {
      VAPID_PUBLIC_KEY: given.publicKey,
      VAPID_PRIVATE_KEY: given.privateKey,
      VAPID_SUBJECT: 'https://dayframe.example/contact',
    };
    expect(vapidKeys(env, dir)).toEqual({ ...given, subject: env.VAPID_SUBJECT });
    expect(vapidKeys({ ...env, NODE_ENV: 'production' }, dir).publicKey).toBe(given.publicKey);
  });

  it('are refused when the environment holds half a pair, a mismatched pair or a bad subject', () => {
    const dir = dataDir();
    const a = webpush.generateVAPIDKeys();
    const b = webpush.generateVAPIDKeys();
    expect(() => vapidKeys({ VAPID_PUBLIC_KEY: a.publicKey }, dir)).toThrow(
      'Invalid configuration: VAPID_PRIVATE_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
    expect(() => vapidKeys({ VAPID_PRIVATE_KEY: a.privateKey }, dir)).toThrow(/VAPID_PUBLIC_KEY/);
    const mismatched = () =>
      vapidKeys({ VAPID_PUBLIC_KEY: b.publicKey, VAPID_PRIVATE_KEY: a.privateKey }, dir);
    expect(mismatched).toThrow('is not the public key of VAPID_PRIVATE_KEY');
    expect(() => vapidKeys({ VAPID_SUBJECT: 'admin@dayframe.example' }, dir)).toThrow(
      /VAPID_SUBJECT: a mailto: address or an https: URL/,
    );
    // The message names the variable, never the secret it holds.
    try {
      vapidKeys({ VAPID_PUBLIC_KEY: a.publicKey, VAPID_PRIVATE_KEY: 'x' + a.privateKey }, dir);
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/^Invalid configuration: VAPID_PRIVATE_KEY/);
      expect((error as Error).message).not.toContain(a.privateKey);
    }
  });

  it('must be set in production, and a kept file that is not keys is refused without quoting it', () => {
    expect(() => vapidKeys({ NODE_ENV: 'production' }, dataDir())).toThrow(
      /VAPID_PUBLIC_KEY: required when NODE_ENV=production/,
    );
    const dir = dataDir();
    writeFileSync(join(dir, VAPID_KEYS_FILE), '{"privateKey": "s3cret');
    expect(() => vapidKeys({}, dir)).toThrow(/holds no usable VAPID keys \(not JSON\)/);
    expect(() => vapidKeys({}, dir)).not.toThrow(/s3cret/);
  });
});
