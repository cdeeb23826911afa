// Guessing passwords and verification codes through the gateway: the rate limits per account
// and per address stop it in both topologies, long passwords count in full, and the codes
// themselves never show up where an attacker with log or Redis access could read them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcess, tempDataDir, testTokenKeys, type RunningProcess } from '@dayframe/test-kit';
import { httpClient, loopback, type Client } from './_client.ts';
import { attack } from './_summary.ts';
import {
  PASSWORD,
  SECRET,
  startTarget,
  TOPOLOGIES,
  unverifiedAccount,
  verifiedAccount,
  type Target,
} from './_target.ts';

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** A code standing alone, not six digits inside a timestamp or a longer number. */
const alone = (code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`);

async function signUp(api: Client, email: string, password = PASSWORD) {
  const reply = await api.call('POST', '/api/auth/signup', {
    body: { name: 'Target', email, password },
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body as { token: string; user: { _id: string } };
}

describe.each(TOPOLOGIES)('brute force through the gateway, %s', (topology) => {
  let target: Target;
  /** Every code this target mailed, to look for afterwards in logs and Redis. */
  const codes: string[] = [];
  beforeAll(async () => {
    // Distributed: every process logs at trace, so a code logged at any level would be seen.
    target = await startTarget(topology, { logLevel: 'trace' });
  }, 120_000);
  afterAll(() => target?.stop());

  const nextCode = async (email: string) => {
    const code = await target.nextCode(email);
    codes.push(code);
    return code;
  };

  it('stops one address after 10 wrong passwords for an account, however the e-mail is written; the owner elsewhere gets in', async () => {
    await signUp(target.client(loopback(40)), 'locked@example.com');
    const spellings = ['locked@example.com', 'LOCKED@example.com', ' Locked@Example.Com '];
    const attacker = target.client(loopback(41));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const reply = await attack('login brute force, one account from one address', async () => {
        const r = await attacker.call('POST', '/api/auth/login', {
          body: { email: spellings[i % 3], password: `guess number ${i}` },
        });
        expect([409, 429]).toContain(r.status);
        return r;
      });
      statuses.push(reply.status);
      if (reply.status === 429) expect(Number(reply.header('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(10).fill(409), 429, 429]);
    // The right password is refused too from that address while the lock lasts: it tells the
    // attacker nothing.
    const fromAttacker = await attacker.call('POST', '/api/auth/login', {
      body: { email: 'locked@example.com', password: PASSWORD },
    });
    expect(fromAttacker.status).toBe(429);
    expect(fromAttacker.body).toEqual({
      message: 'Too many login attempts. Try again later.',
      code: 'too_many_logins',
    });
    // The owner, from their own address, is not locked out by a stranger.
    const owner = await target.client(loopback(60)).call('POST', '/api/auth/login', {
      body: { email: 'locked@example.com', password: PASSWORD },
    });
    expect(owner.status).toBe(200);
  });

  it('stops one address after 30 logins a minute, whatever accounts it tries and whatever X-Forwarded-For says', async () => {
    await signUp(target.client(loopback(61)), 'sprayed@example.com');
    for (const [n, forge] of [
      [62, false],
      [63, true],
    ] as const) {
      const api = target.client(loopback(n));
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const reply = await attack('login brute force, one address', async () => {
          const r = await api.call('POST', '/api/auth/login', {
            body: { email: `spray${i}@example.com`, password: 'Winter2026!' },
            headers: forge ? { 'x-forwarded-for': `198.51.100.${i}` } : {},
          });
          expect([404, 429]).toContain(r.status);
          return r;
        });
        statuses.push(reply.status);
      }
      expect(statuses).toEqual([...Array(30).fill(404), 429]);
      const real = await api.call('POST', '/api/auth/login', {
        body: { email: 'sprayed@example.com', password: PASSWORD },
      });
      expect(real.status).toBe(429);
    }
  });

  it('counts every byte of a password longer than 72 bytes (bcrypt would drop the rest)', async () => {
    const api = target.client(loopback(64));
    const cases = [
      {
        email: 'ascii@example.com',
        password: `${'a'.repeat(72)}tail-one`,
        guess: `${'a'.repeat(72)}tail-two`,
      },
      // 18 keys are 72 bytes of UTF-8 but only 36 UTF-16 units: a check by length would miss it.
      { email: 'emoji@example.com', password: `${'🔑'.repeat(18)}x`, guess: `${'🔑'.repeat(18)}y` },
      { email: 'max@example.com', password: 'm'.repeat(128), guess: `${'m'.repeat(127)}n` },
    ];
    for (const c of cases) {
      expect(Buffer.byteLength(c.guess.slice(0, -1))).toBeGreaterThanOrEqual(72);
      await signUp(api, c.email, c.password);
      await attack('password truncated past 72 bytes', async () => {
        const guess = await api.call('POST', '/api/auth/login', {
          body: { email: c.email, password: c.guess },
        });
        expect(guess.status, c.email).toBe(409);
      });
      const login = await api.call('POST', '/api/auth/login', {
        body: { email: c.email, password: c.password },
      });
      expect(login.status, c.email).toBe(200);
    }
    // Past 128 characters a password is refused outright, never cut to fit.
    const long = await api.call('POST', '/api/auth/signup', {
      body: { name: 'Long', email: 'toolong@example.com', password: 'p'.repeat(129) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Password must be at most 128 characters.');
    // A new long password set through the password change counts in full too.
    const account = await verifiedAccount(target, api, 'Changer', 'changer@example.com');
    const changed = await api.call('PUT', '/api/user/password', {
      token: account.codeToken,
      body: { newPassword: `${'b'.repeat(100)}1` },
    });
    expect(changed.status).toBe(200);
    const truncated = await api.call('POST', '/api/auth/login', {
      body: { email: 'changer@example.com', password: `${'b'.repeat(100)}2` },
    });
    expect(truncated.status).toBe(409);
  });

  it('burns a code after five wrong guesses: the right code is refused afterwards', async () => {
    const api = target.client(loopback(65));
    await signUp(api, 'guessed@example.com');
    expect(
      (await api.call('POST', '/api/auth/otp/send', { body: { email: 'guessed@example.com' } }))
        .status,
    ).toBe(200);
    const code = await nextCode('guessed@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // Each guess from its own address: the limit is on the code, not the caller.
      const reply = await attack('verification code guess', async () => {
        const r = await target.client(loopback(66 + i)).call('POST', '/api/auth/otp/verify', {
          body: { email: 'guessed@example.com', otp: wrong(code) },
        });
        expect([400, 429]).toContain(r.status);
        return r;
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429, 429, 429]);
    const right = await api.call('POST', '/api/auth/otp/verify', {
      body: { email: 'guessed@example.com', otp: code },
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts. Request a new code.');
  });

  it('sends at most 20 codes an hour to one address, across accounts', async () => {
    const setup = target.client(loopback(80));
    const sender = target.client(loopback(81));
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const email = `flood${i}@example.com`;
      await signUp(setup, email);
      const reply = await attack('verification code flood, one address', async () => {
        const r = await sender.call('POST', '/api/auth/otp/send', { body: { email } });
        expect([200, 429]).toContain(r.status);
        return r;
      });
      statuses.push(reply.status);
      if (reply.status === 200) await nextCode(email);
    }
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
  });

  if (topology === 'distributed') {
    it('keeps codes out of every process log and out of Redis once delivered', async () => {
      const api = target.client(loopback(82));
      const account = await verifiedAccount(target, api, 'Logged', 'logged@example.com');
      expect(account.role).toBe('user');
      expect(codes.length).toBeGreaterThanOrEqual(20);
      const redis = new Redis(target.redis!.url);
      try {
        const dump = async () => {
          const values: string[] = [];
          for (const key of await redis.keys(`${target.redis!.prefix}*`)) {
            const type = await redis.type(key);
            if (type === 'string') values.push(`${key} ${await redis.get(key)}`);
            else if (type === 'hash')
              values.push(`${key} ${JSON.stringify(await redis.hgetall(key))}`);
            else if (type === 'list')
              values.push(`${key} ${(await redis.lrange(key, 0, -1)).join(' ')}`);
            else if (type === 'set') values.push(`${key} ${(await redis.smembers(key)).join(' ')}`);
            else if (type === 'zset')
              values.push(`${key} ${(await redis.zrange(key, '0', '-1')).join(' ')}`);
            else if (type === 'stream')
              values.push(`${key} ${JSON.stringify(await redis.xrange(key, '-', '+'))}`);
          }
          return values.join('\n');
        };
        // Delivered jobs are removed as they complete; give the last one a moment.
        await expect
          .poll(
            async () => {
              const values = await dump();
              return codes.filter((c) => alone(c).test(values));
            },
            { timeout: 5_000 },
          )
          .toEqual([]);
      } finally {
        redis.disconnect();
      }
      const output = target.output();
      expect(output.length).toBeGreaterThan(1000); // the processes do log, at trace
      for (const code of codes) {
        await attack('verification code in logs or Redis', async () => {
          expect(output, `code ${code} in a log`).not.toMatch(alone(code));
        });
      }
    });
  }
});

describe('verification codes against the hourly cap (embedded, with the identity clock in hand)', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget('embedded', { manualClock: true });
  }, 60_000);
  afterAll(() => target?.stop());

  it('allows at most 5 codes × 5 guesses an hour for one account', async () => {
    const api = target.client(loopback(90));
    await signUp(api, 'hourly@example.com');
    let guesses = 0;
    const sends: number[] = [];
    for (let round = 0; round < 7; round++) {
      const sent = await api.call('POST', '/api/auth/otp/send', {
        body: { email: 'hourly@example.com' },
      });
      sends.push(sent.status);
      if (sent.status === 200) {
        const code = await target.nextCode('hourly@example.com');
        // The attacker guesses until the code is burnt; none of the guesses is right.
        for (;;) {
          const reply = await attack('verification code guess, a whole hour', async () => {
            const r = await api.call('POST', '/api/auth/otp/verify', {
              body: { email: 'hourly@example.com', otp: wrong(code) },
            });
            expect([400, 429]).toContain(r.status);
            return r;
          });
          if (reply.status === 429) break;
          guesses += 1;
        }
      } else {
        expect(sent.status).toBe(429);
        expect(sent.body.message).toBe('Too many codes requested. Try again in an hour.');
      }
      target.clock!.advance(61_000); // past the resend cooldown
    }
    expect(sends).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Four wrong guesses are answered "invalid", the fifth burns the code: 25 tries an hour.
    expect(guesses).toBe(20);
    target.clock!.advance(3_600_000);
    const later = await api.call('POST', '/api/auth/otp/send', {
      body: { email: 'hourly@example.com' },
    });
    expect(later.status).toBe(200);
  });
});

describe('the client address behind a TLS proxy (TRUST_PROXY=true)', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget('embedded', { gatewayEnv: { TRUST_PROXY: 'true' } });
  }, 60_000);
  afterAll(() => target?.stop());

  // A proxy appends the address it saw to whatever X-Forwarded-For the client sent, so only
  // the last entry is the proxy's word; the ones before it are the client's own claims.
  it('rate-limits by the address the proxy adds, not by one the client wrote before it', async () => {
    const api = target.client(loopback(91));
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const reply = await attack(
        'login brute force, forged X-Forwarded-For behind a proxy',
        async () => {
          const r = await api.call('POST', '/api/auth/login', {
            body: { email: `proxied${i}@example.com`, password: 'Winter2026!' },
            headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          });
          if (i === 30) expect(r.status).toBe(429);
          return r;
        },
      );
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([...Array(30).fill(404), 429]);
  });
});

describe('codes in the log of `npm start` (embedded, outbox, development)', () => {
  const data = tempDataDir();
  let gateway: RunningProcess;
  beforeAll(async () => {
    gateway = await startProcess('embedded/main.ts', {
      DATA_DIR: data.dir,
      JWT_PRIVATE_KEY: testTokenKeys().privateKey,
      CODE_HMAC_SECRET: SECRET,
      BCRYPT_COST: '4',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
      SIGNUPS_PER_MINUTE: '10000',
      LOG_LEVEL: 'trace',
      NODE_ENV: 'development',
      SHUTDOWN_GRACE_MS: '0',
    });
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    data.remove();
  });

  it('shows a code only in the development outbox notice', async () => {
    const api = httpClient(gateway.url, loopback(92));
    await unverifiedAccount(api, 'Dev', 'dev@example.com');
    expect(
      (await api.call('POST', '/api/auth/otp/send', { body: { email: 'dev@example.com' } })).status,
    ).toBe(200);
    const outbox = join(data.dir, 'outbox');
    const mails = () => safeList(outbox).flatMap((f) => readMail(join(outbox, f)));
    await expect.poll(() => mails().length, { timeout: 5_000 }).toBe(1);
    const mail = mails()[0]!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const bad = await api.call('POST', '/api/auth/otp/verify', {
      body: { email: 'dev@example.com', otp: wrong(code) },
    });
    expect(bad.status).toBe(400);
    const good = await api.call('POST', '/api/auth/otp/verify', {
      body: { email: 'dev@example.com', otp: code },
    });
    expect(good.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // let the last log lines out
    const lines = gateway
      .output()
      .split('\n')
      .filter((line) => alone(code).test(line));
    await attack('verification code in logs or Redis', async () => {
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(JSON.parse(line).msg).toMatch(/^development outbox: /);
    });
    api.close();
  });
});

function readMail(file: string): { text: string }[] {
  try {
    return [JSON.parse(readFileSync(file, 'utf8'))];
  } catch {
    return []; // not written completely yet
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
