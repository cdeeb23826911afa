import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDataDir } from '@dayframe/test-kit';
import { unsubscribeSecret } from './config.ts';

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
