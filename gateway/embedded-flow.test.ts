import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  startProcess,
  tempDataDir,
  type ApiClient,
  type RunningProcess,
} from '@dayframe/test-kit';

// What the README promises for `npm start`: nothing installed, SQLite in DATA_DIR, mail in the outbox.
describe('npm start, embedded: sign up, find the code in the outbox, verify, log in', () => {
  const dir = tempDataDir();
  let gateway: RunningProcess;
  let api: ApiClient;
  beforeAll(async () => {
    gateway = await startProcess('gateway/main.ts', {
      DATA_DIR: dir.dir,
      BCRYPT_COST: '4',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      JWT_SECRET: '',
      NODE_ENV: 'development',
    });
    api = apiClient(gateway.url);
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    dir.remove();
  });

  it('works end to end and logs the development code notice', async () => {
    expect(
      (
        await api.call('POST', '/api/auth/signup', {
          body: { name: 'Lap', email: 'lap@example.com', password: 'correct horse battery' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await api.call('POST', '/api/auth/otp/send', { body: { email: 'lap@example.com' } })).status,
    ).toBe(200);
    const outbox = join(dir.dir, 'outbox');
    await expect
      .poll(
        () => {
          try {
            return readdirSync(outbox).length;
          } catch {
            return 0;
          }
        },
        { timeout: 5_000 },
      )
      .toBe(1);
    const mail = JSON.parse(readFileSync(join(outbox, readdirSync(outbox)[0]!), 'utf8'));
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await expect
      .poll(() => gateway.output())
      .toContain(`development outbox: Your Dayframe code: ${code}`);
    const verified = await api.call('POST', '/api/auth/otp/verify', {
      body: { email: 'lap@example.com', otp: code },
    });
    expect(verified.status).toBe(200);
    const login = await api.call('POST', '/api/auth/login', {
      body: { email: 'lap@example.com', password: 'correct horse battery' },
    });
    expect(login.body.user).toMatchObject({ verified: true, role: 'admin' });
    // A secret made up for development is kept so sessions survive a restart.
    expect(readFileSync(join(dir.dir, 'jwt-secret'), 'utf8').length).toBeGreaterThan(32);
  });
});

describe('start-up configuration', () => {
  it('refuses to start in production with a short JWT secret, naming the variable', async () => {
    const dir = tempDataDir();
    try {
      await expect(
        startProcess('gateway/main.ts', {
          DATA_DIR: dir.dir,
          NODE_ENV: 'production',
          JWT_SECRET: 'too-short',
        }),
      ).rejects.toThrow(/JWT_SECRET: must be at least 32 bytes/);
      await expect(
        startProcess('gateway/main.ts', {
          DATA_DIR: dir.dir,
          NODE_ENV: 'production',
          JWT_SECRET: '',
        }),
      ).rejects.toThrow(/JWT_SECRET/);
    } finally {
      dir.remove();
    }
  });

  it('refuses a malformed DATABASE_URL, naming the variable', async () => {
    const dir = tempDataDir();
    try {
      await expect(
        startProcess('gateway/main.ts', { DATA_DIR: dir.dir, DATABASE_URL: 'postgres://nope' }),
      ).rejects.toThrow(/DATABASE_URL: must be a URL starting with mysql/);
    } finally {
      dir.remove();
    }
  });
});
