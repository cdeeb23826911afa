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
    gateway = await startProcess('embedded/main.ts', {
      DATA_DIR: dir.dir,
      BCRYPT_COST: '4',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
      SIGNUPS_PER_MINUTE: '10000',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      JWT_PRIVATE_KEY: '',
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
    // The file appears before its content is written: poll until it reads as a whole mail.
    const readMail = () => {
      try {
        const files = readdirSync(outbox);
        return files.length === 1
          ? (JSON.parse(readFileSync(join(outbox, files[0]!), 'utf8')) as { text: string })
          : null;
      } catch {
        return null;
      }
    };
    await expect.poll(readMail, { timeout: 5_000 }).not.toBeNull();
    const mail = readMail()!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await expect
      .poll(() => gateway.output())
      .toContain(`development outbox: Your Dayframe verification code (code ${code})`);
    const verified = await api.call('POST', '/api/auth/otp/verify', {
      body: { email: 'lap@example.com', otp: code },
    });
    expect(verified.status).toBe(200);
    const login = await api.call('POST', '/api/auth/login', {
      body: { email: 'lap@example.com', password: 'correct horse battery' },
    });
    expect(login.body.user).toMatchObject({ verified: true, role: 'admin' });
    // A key pair made up for development is kept so sessions survive a restart.
    expect(readFileSync(join(dir.dir, 'jwt-private-key.pem'), 'utf8')).toContain(
      'BEGIN PRIVATE KEY',
    );
  });
});

describe('start-up configuration', () => {
  it('refuses to start in production without a signing key or with a placeholder, naming the variable', async () => {
    const dir = tempDataDir();
    try {
      await expect(
        startProcess('embedded/main.ts', {
          DATA_DIR: dir.dir,
          NODE_ENV: 'production',
          JWT_PRIVATE_KEY: '',
        }),
      ).rejects.toThrow(/JWT_PRIVATE_KEY: required when NODE_ENV=production/);
      await expect(
        startProcess('embedded/main.ts', {
          DATA_DIR: dir.dir,
          NODE_ENV: 'production',
          JWT_PRIVATE_KEY: 'change-me-to-a-real-key',
        }),
      ).rejects.toThrow(/JWT_PRIVATE_KEY: is the .env.example placeholder/);
      // No key was made up in production.
      expect(readdirSync(dir.dir)).not.toContain('jwt-private-key.pem');
    } finally {
      dir.remove();
    }
  }, 90_000); // two processes start and fail on a busy machine

  it('refuses a malformed DATABASE_URL, naming the variable', async () => {
    const dir = tempDataDir();
    try {
      await expect(
        startProcess('embedded/main.ts', {
          DATA_DIR: dir.dir,
          DATABASE_URL: 'postgres://nope',
        }),
      ).rejects.toThrow(/DATABASE_URL: must be a URL starting with mysql/);
    } finally {
      dir.remove();
    }
  });
});
