// Issue 14 through the gateway, in both topologies: a stolen session token cannot move the
// account to another mailbox, strangers cannot lock an owner out, sign-ups are bounded, Log Out
// ends a session on every service, the first admin is one admin, and query values stay out of
// the logs. Each attack is counted in the run's table with a check that nothing changed.
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@dayframe/service-kit/db';
import { createTestDatabase, type TestDatabase } from '@dayframe/test-kit';
import { attack } from './_summary.ts';
import { loopback, type Client } from './_client.ts';
import {
  PASSWORD,
  startTarget,
  TOPOLOGIES,
  unverifiedAccount,
  verifiedAccount,
  type Target,
} from './_target.ts';

const DAY = 24 * 3_600_000;

/** The claims of a token, read without checking it (the server does that). */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

/** Another six digits than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function login(api: Client, email: string, password = PASSWORD) {
  return api.call('POST', '/api/auth/login', { body: { email, password } });
}

describe.each(TOPOLOGIES)('account takeover and lockout through the gateway, %s', (topology) => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget(topology, { realSignupLimits: true });
  }, 120_000);
  afterAll(() => target?.stop());

  it('a stolen session token cannot change the e-mail; a fresh code can, the old address is told and other sessions end', async () => {
    const api = target.client(loopback(150));
    const victim = await verifiedAccount(target, api, 'Vic', 'vic@example.com');
    // The thief has a session token (a plain login): the e-mail stays.
    await attack(
      'e-mail change with a stolen session token',
      async () => {
        const thief = target.client(loopback(151));
        const reply = await thief.call('PUT', '/api/user/update', {
          token: victim.token,
          body: { name: 'Vic', email: 'thief@example.org' },
        });
        expect(reply.status).toBe(403);
        expect(reply.body).toEqual({
          message: 'Verify a code sent to your current e-mail before changing your e-mail.',
          code: 'code_required',
        });
      },
      async () => {
        expect((await login(api, 'vic@example.com')).status).toBe(200);
        expect((await login(api, 'thief@example.org')).status).toBe(404);
      },
    );
    // A rename needs only the session.
    const renamed = await api.call('PUT', '/api/user/update', {
      token: victim.token,
      body: { name: 'Victoria', email: 'vic@example.com' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.updatedUser).toMatchObject({ name: 'Victoria', verified: true });

    // The owner proves the mailbox with a fresh code, then moves.
    const other = await login(api, 'vic@example.com'); // another device
    expect(other.status).toBe(200);
    const moved = await api.call('PUT', '/api/user/update', {
      token: victim.codeToken,
      body: { name: 'Victoria', email: 'victoria@example.org' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.updatedUser).toMatchObject({
      email: 'victoria@example.org',
      verified: false,
    });
    for (const old of [victim.token, victim.codeToken, other.body.token as string])
      expect((await api.call('GET', '/api/auth/verify', { token: old })).status).toBe(401);
    expect((await api.call('GET', '/api/auth/verify', { token: moved.body.token })).status).toBe(
      200,
    );
    // The old address is told, and the notice names the new one without making it a link.
    await expect
      .poll(() => target.mails('vic@example.com').filter((m) => /changed/i.test(m.subject)), {
        timeout: 10_000,
      })
      .toHaveLength(1);
    const notice = target.mails('vic@example.com').find((m) => /changed/i.test(m.subject))!;
    expect(notice.text).toContain('victoria@example[.]org');
    expect(notice.text).toContain('Hi Victoria,');
  });

  it('wrong passwords from strangers never lock the owner out: the pair is refused, the account only slowed', async () => {
    const setup = target.client(loopback(152));
    await verifiedAccount(target, setup, 'Owen', 'owen@example.com');
    // One stranger: refused after 10, for that address only.
    const stranger = target.client(loopback(153));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await login(stranger, 'owen@example.com', `guess ${i}`)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(409), 429]);
    // Many strangers, one wrong password each: every answer is a 409, later ones slower.
    const slow: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const reply = await login(target.client(loopback(160 + i)), 'owen@example.com', `spray ${i}`);
      expect(reply.status).toBe(409);
      slow.push(performance.now() - started);
    }
    // 15 failures in the window: the last attempt waited at least 400 ms before its check.
    expect(slow[4]).toBeGreaterThanOrEqual(390);
    await attack(
      'lock the owner out with wrong passwords',
      async () => {
        const owner = await login(target.client(loopback(170)), 'owen@example.com');
        expect(owner.status).toBe(200);
      },
      async () => {
        // And the stranger's pair is still refused, even with the right password.
        expect((await login(stranger, 'owen@example.com')).status).toBe(429);
      },
    );
  });

  it('one address cannot guess codes across many accounts; a burnt code never stops the owner', async () => {
    const setup = target.client(loopback(172));
    const attacker = target.client(loopback(173));
    const emails = Array.from({ length: 7 }, (_, i) => `coded${i}@example.com`);
    const replies: { status: number; code: string }[] = [];
    const codes: string[] = [];
    for (const email of emails) {
      await unverifiedAccount(setup, 'Coded', email);
      // The attacker asks for the codes too: that much anyone may do.
      const sent = await attacker.call('POST', '/api/auth/otp/send', { body: { email } });
      expect(sent.status).toBe(200);
      const code = await target.nextCode(email);
      codes.push(code);
      for (let i = 0; i < 5; i++) {
        const r = await attacker.call('POST', '/api/auth/otp/verify', {
          body: { email, otp: wrong(code) },
        });
        replies.push({ status: r.status, code: r.body.code });
      }
    }
    // 30 wrong codes an hour from one address, then every further guess is refused outright.
    expect(replies.slice(0, 30).every((r) => r.status === 400 || r.status === 429)).toBe(true);
    expect(replies.slice(0, 30).some((r) => r.code === 'too_many_code_guesses')).toBe(false);
    expect(replies.slice(30).map((r) => r.code)).toEqual(Array(5).fill('too_many_code_guesses'));
    await attack(
      'verification code guesses across accounts, one address',
      async () => {
        const r = await attacker.call('POST', '/api/auth/otp/verify', {
          body: { email: emails[6], otp: codes[6] },
        });
        expect(r.status).toBe(429);
        expect(r.body.message).toBe('Too many wrong codes from this address. Try again later.');
      },
      async () => {
        expect((await login(setup, emails[6]!)).body.user.verified).toBe(false);
      },
    );
    // The owner of a burnt code asks for a new one from home at once, and it works.
    await attack(
      'burnt code keeps the owner from a new one',
      async () => {
        const owner = target.client(loopback(174));
        const sent = await owner.call('POST', '/api/auth/otp/send', { body: { email: emails[0] } });
        expect(sent.status).toBe(200);
        const ok = await owner.call('POST', '/api/auth/otp/verify', {
          body: { email: emails[0], otp: await target.nextCode(emails[0]!) },
        });
        expect(ok.status).toBe(200);
        expect(ok.body.user.verified).toBe(true);
      },
      async () => {
        expect((await login(setup, emails[0]!)).status).toBe(200);
      },
    );
  });

  it('at most 10 sign-ups an hour from one address', async () => {
    const api = target.client(loopback(175));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await api.call('POST', '/api/auth/signup', {
        body: { name: 'Many', email: `many${i}@example.com`, password: PASSWORD },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    await attack(
      'sign-up flood from one address',
      async () => {
        const r = await api.call('POST', '/api/auth/signup', {
          body: { name: 'Many', email: 'many10@example.com', password: PASSWORD },
        });
        expect(r.status).toBe(429);
        expect(r.body).toEqual({
          message: 'Too many sign-ups from this address. Try again later.',
          code: 'too_many_signups',
        });
        expect(Number(r.header('retry-after'))).toBeGreaterThan(0);
      },
      async () => {
        expect((await login(api, 'many10@example.com')).status).toBe(404);
      },
    );
    // Another address is not held up.
    const other = await target.client(loopback(176)).call('POST', '/api/auth/signup', {
      body: { name: 'Else', email: 'else@example.com', password: PASSWORD },
    });
    expect(other.status).toBe(201);
  });

  it('Log Out ends that session on every service, and only that one', async () => {
    const api = target.client(loopback(177));
    const account = await verifiedAccount(target, api, 'Lou', 'lou@example.com');
    const phone = (await login(api, 'lou@example.com')).body.token as string;
    const claims = claimsOf(account.token);
    expect(claims.sid).toBeTypeOf('string');
    expect(claims.sid).not.toBe(claimsOf(phone).sid);
    expect((await api.call('GET', '/api/journals', { token: account.token })).status).toBe(200);
    const out = await api.call('POST', '/api/auth/logout', { token: account.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out' });
    await attack(
      'token reuse after Log Out',
      async () => {
        for (const path of ['/api/auth/verify', '/api/journals', '/api/goals/due']) {
          const r = await api.call('GET', path, { token: account.token });
          expect(r.status, path).toBe(401);
        }
        expect(
          (await api.call('POST', '/api/journals', { token: account.token, body: { title: 'x' } }))
            .status,
        ).toBe(401);
      },
      async () => {
        // The other device is still signed in, and nothing was written.
        const list = await api.call('GET', '/api/journals', { token: phone });
        expect(list.status).toBe(200);
        expect(list.body).toEqual([]);
      },
    );
    // Logging out twice, or without a session, is a 401 and changes nothing.
    expect((await api.call('POST', '/api/auth/logout', { token: account.token })).status).toBe(401);
    expect((await api.call('POST', '/api/auth/logout')).status).toBe(401);
  });

  it('a mailed name is plain text without links, and the code stays out of the subject', async () => {
    const api = target.client(loopback(179));
    const email = 'phish@example.com';
    const name = 'Support\r\nBcc: all@example.com\u202e Visit https://evil.example now';
    const signup = await api.call('POST', '/api/auth/signup', {
      body: { name, email, password: PASSWORD },
    });
    expect(signup.status).toBe(201);
    expect((await api.call('POST', '/api/auth/otp/send', { body: { email } })).status).toBe(200);
    const code = await target.nextCode(email);
    const mail = target.mails(email).find((m) => /verification code/i.test(m.subject))!;
    await attack(
      'links and control characters in a mailed name',
      async () => {
        expect(mail.subject).not.toContain(code);
        expect(mail.subject).not.toMatch(/\d{6}/);
        expect(mail.text).toContain(code);
        expect(mail.text).toContain('Visit hxxps[:]//evil[.]example now');
        for (const body of [mail.text, mail.html]) {
          expect(body).not.toContain('https://evil.example');
          expect(body).not.toContain('evil.example');
          expect(body).not.toMatch(/[\u202e\r]Bcc/);
        }
      },
      async () => {
        // The name itself is stored and shown in the app as typed (it is only neutralised in mail).
        const verified = await api.call('GET', '/api/auth/verify', { token: signup.body.token });
        expect(verified.body.user.name).toBe(name.trim());
      },
    );
  });

  if (topology === 'distributed') {
    it('a failed query never carries its values into a log', async () => {
      const connection = await mysql.createConnection(target.databaseUrl!);
      try {
        // A constraint that makes this one sign-up's insert fail in the database.
        await connection.query(
          "ALTER TABLE users ADD CONSTRAINT trip_wire CHECK (email NOT LIKE 'trip-wire%')",
        );
        const api = target.client(loopback(178));
        await attack(
          'query values in logs',
          async () => {
            const r = await api.call('POST', '/api/auth/signup', {
              body: {
                name: 'Unlikely Name Qx',
                email: 'trip-wire@example.com',
                password: PASSWORD,
              },
            });
            expect(r.status).toBe(500);
            expect(r.text).not.toMatch(/insert|trip-wire|\$2[aby]\$/i);
            await expect.poll(() => target.output(), { timeout: 5_000 }).toContain('trip_wire');
            const output = target.output();
            expect(output).not.toContain('trip-wire@example.com');
            expect(output).not.toContain('Unlikely Name Qx');
            expect(output).not.toMatch(/\$2[aby]\$\d\d\$/);
          },
          async () => {
            expect((await login(api, 'trip-wire@example.com')).status).toBe(404);
          },
        );
      } finally {
        await connection.query('ALTER TABLE users DROP CONSTRAINT trip_wire');
        await connection.end();
      }
    });
  }

  // Last: it spends the whole installation's sign-ups for a minute.
  it('sign-ups from many addresses stop at an overall ceiling with a 503', async () => {
    const statuses: number[] = [];
    // Fixed one-minute windows: wherever this file's earlier sign-ups left the count, a 503 comes
    // within two windows' worth.
    for (let i = 0; i < 125 && !statuses.includes(503); i++) {
      const api = target.client(loopback(180 + Math.floor(i / 9)));
      const r = await api.call('POST', '/api/auth/signup', {
        body: { name: 'Wave', email: `wave${i}@example.com`, password: PASSWORD },
      });
      statuses.push(r.status);
      if (r.status === 503) {
        expect(r.body).toEqual({
          message: 'Too many sign-ups right now. Try again in a moment.',
          code: 'signups_busy',
        });
        expect(Number(r.header('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.at(-1)).toBe(503);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    await attack(
      'sign-up wave from many addresses',
      async () => {
        const r = await target.client(loopback(240)).call('POST', '/api/auth/signup', {
          body: { name: 'Wave', email: 'wave-late@example.com', password: PASSWORD },
        });
        expect(r.status).toBe(503);
      },
      async () => {
        expect((await login(target.client(loopback(241)), 'wave-late@example.com')).status).toBe(
          404,
        );
      },
    );
  });
});

describe('sessions and unverified accounts against the clock (embedded, identity clock in hand)', () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget('embedded', {
      manualClock: true,
      identityEnv: { HOUSEKEEPING_INTERVAL_MS: '100' },
    });
  }, 60_000);
  afterAll(() => target?.stop());

  it('refreshing never carries a session past 30 days from the sign-in', async () => {
    const api = target.client(loopback(200));
    const account = await verifiedAccount(target, api, 'Long', 'long@example.com');
    const signedIn = claimsOf(account.token);
    expect(signedIn.sat).toBeTypeOf('number');
    let token = account.token;
    // A refresh every few days, as an open tab does.
    for (let day = 0; day < 28; day += 4) {
      target.clock!.advance(4 * DAY);
      const refreshed = await api.call('GET', '/api/auth/verify', { token });
      expect(refreshed.status, `day ${day + 4}`).toBe(200);
      token = refreshed.body.token;
      expect(claimsOf(token).sat).toBe(signedIn.sat);
      expect(claimsOf(token).sid).toBe(signedIn.sid);
    }
    target.clock!.advance(3 * DAY); // day 31
    await attack(
      'session refreshed past its absolute lifetime',
      async () => {
        const r = await api.call('GET', '/api/auth/verify', { token });
        expect(r.status).toBe(401);
        expect((await api.call('GET', '/api/journals', { token })).status).toBe(401);
      },
      async () => {
        // Signing in again starts a new 30 days.
        expect((await login(api, 'long@example.com')).status).toBe(200);
      },
    );
  });

  it('refuses an address after 50 failed logins an hour, whatever the accounts', async () => {
    const sprayer = target.client(loopback(202));
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) {
      // Past the 30-a-minute rule, so only the failures per address can stop this.
      if (i === 30) target.clock!.advance(61_000);
      statuses.push((await login(sprayer, `nobody${i}@example.com`, 'Winter2026!')).status);
    }
    expect(statuses).toEqual([...Array(50).fill(404), 429]);
    await verifiedAccount(target, target.client(loopback(203)), 'Sprayed', 'sprayed@example.com');
    await attack(
      'password spraying from one address',
      async () => {
        const r = await login(sprayer, 'sprayed@example.com');
        expect(r.status).toBe(429);
      },
      async () => {
        expect((await login(target.client(loopback(204)), 'sprayed@example.com')).status).toBe(200);
      },
    );
  });

  it('removes accounts left unverified for 7 days, with what they own', async () => {
    const api = target.client(loopback(201));
    await unverifiedAccount(api, 'Never', 'never@example.com');
    // A verified account that moved to a new address it never verified: it owns a journal.
    const mover = await verifiedAccount(target, api, 'Mover', 'mover@example.com');
    const journal = await api.call('POST', '/api/journals', {
      token: mover.token,
      body: { title: 'Kept until the purge' },
    });
    expect(journal.status).toBe(201);
    const moved = await api.call('PUT', '/api/user/update', {
      token: mover.codeToken,
      body: { name: 'Mover', email: 'mover@example.org' },
    });
    expect(moved.status).toBe(200);
    await verifiedAccount(target, api, 'Keeper', 'keeper@example.com');

    target.clock!.advance(6 * DAY);
    await new Promise((r) => setTimeout(r, 500)); // several house keeping rounds
    expect((await login(api, 'never@example.com')).status).toBe(200); // six days: still here
    target.clock!.advance(DAY + 60_000);
    const fresh = await unverifiedAccount(api, 'Fresh', 'fresh@example.com');
    await expect
      .poll(async () => (await login(api, 'never@example.com')).status, { timeout: 5_000 })
      .toBe(404);
    expect((await login(api, 'mover@example.org')).status).toBe(404);
    expect((await login(api, 'keeper@example.com')).status).toBe(200);
    expect((await api.call('GET', '/api/auth/verify', { token: fresh.token })).status).toBe(200);
    // The removal went through the account-deletion path: the journal is gone too.
    const db = createDatabase({ dataDir: target.dataDir! });
    try {
      await expect
        .poll(async () => (await db('journals').where({ user_id: mover.id })).length, {
          timeout: 5_000,
        })
        .toBe(0);
    } finally {
      await db.destroy();
    }
  });
});

describe('the first admin on MariaDB', () => {
  let database: TestDatabase;
  let target: Target;
  beforeAll(async () => {
    database = await createTestDatabase();
    target = await startTarget('embedded', { gatewayEnv: { DATABASE_URL: database.url } });
  }, 60_000);
  afterAll(async () => {
    await target?.stop();
    await database?.drop();
  });

  it('five concurrent first sign-ups make exactly one admin', async () => {
    // Open several database connections first (each unknown login reads the users table), so
    // the sign-ups' transactions are not spaced out by connection set-up.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        target.client(loopback(220 + i)).call('POST', '/api/auth/login', {
          body: { email: `nobody${i}@example.com`, password: PASSWORD },
        }),
      ),
    );
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        target.client(loopback(210 + i)).call('POST', '/api/auth/signup', {
          body: { name: `First ${i}`, email: `first${i}@example.com`, password: PASSWORD },
        }),
      ),
    );
    await attack(
      'first-admin race',
      async () => {
        expect(replies.map((r) => r.status)).toEqual(Array(5).fill(201));
        const roles = replies.map((r) => r.body.user.role as string);
        expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
      },
      async () => {
        const connection = await mysql.createConnection(database.url);
        try {
          const [rows] = await connection.query(
            "SELECT COUNT(*) AS n FROM users WHERE role = 'admin'",
          );
          expect((rows as { n: number }[])[0]!.n).toBe(1);
        } finally {
          await connection.end();
        }
      },
    );
    // Later sign-ups are users.
    const later = await target.client(loopback(216)).call('POST', '/api/auth/signup', {
      body: { name: 'Later', email: 'later@example.com', password: PASSWORD },
    });
    expect(later.body.user.role).toBe('user');
  });
});
