import { createHmac, createSecretKey, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import { SERVICE_TOKEN_HEADER, serviceCaller } from '@dayframe/service-kit/tokens';
import {
  addMediaFile,
  apiClient,
  codeFrom,
  confirmed,
  itemWithThumbnail,
  otherTokenKeys,
  startDistributedSystem,
  testTokenKeys,
  type ApiClient,
  type DistributedSystem,
  type SmtpSink,
} from '@dayframe/test-kit';

// The distributed topology as `npm run start:distributed` runs it: every process of the catalog
// on MariaDB (a database and user per data-owning service) and Redis, mail through a real SMTP
// server.
describe('distributed topology on MariaDB and Redis', () => {
  let system: DistributedSystem;
  let api: ApiClient;

  beforeAll(async () => {
    system = await startDistributedSystem();
    api = system.api;
  }, 120_000);

  afterAll(() => system?.stop());

  const verifiedUser = (name: string, email: string) => system.verifiedUser(name, email);

  it('runs sign-up → verify → journal → entry → goal → calendar through the gateway', async () => {
    const { token } = await verifiedUser('Dee', 'dee@example.com');
    const journal = await api.call('POST', '/api/journals', {
      token,
      body: { title: 'Travel', description: 'Trips' },
    });
    expect(journal.status).toBe(201);
    const entry = await api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 'Lisbon', content: 'Tram 28', date: '2026-11-20' },
    });
    expect(entry.status).toBe(201);
    const goal = await api.call('POST', '/api/goals', {
      token,
      body: { title: 'Pack', description: 'Bags', dateDue: '2026-11-21', dateSet: '2026-11-19' },
    });
    expect(goal.status).toBe(201);
    expect(
      (
        await api.call('PUT', `/api/goals/${goal.body._id}/complete`, {
          token,
          body: { currentDate: '2026-11-22' },
        })
      ).status,
    ).toBe(200);
    const calendar = await api.call('GET', '/api/calendar?from=2026-10-26&to=2026-12-06', {
      token,
    });
    expect(calendar.status).toBe(200);
    expect(calendar.body.entries['2026-11-20'][0]).toMatchObject({
      title: 'Lisbon',
      journalTitle: 'Travel',
    });
    expect(calendar.body.completedGoals['2026-11-22'][0]).toMatchObject({ title: 'Pack' });
    expect(calendar.body).not.toHaveProperty('missing');
    // Search and insights reach the service that owns the rows.
    const entries = await api.call('GET', '/api/search/entries?q=tram', { token });
    expect(entries.body).toMatchObject({ total: 1, results: [{ title: 'Lisbon' }] });
    const goals = await api.call('GET', '/api/search/goals?q=bag', { token });
    expect(goals.body).toMatchObject({ total: 1, results: [{ title: 'Pack', completed: true }] });
    const streaks = await api.call('GET', '/api/insights/writing?from=2026-11-01&to=2026-11-21', {
      token,
    });
    expect(streaks.body).toEqual({ days: { '2026-11-20': 1 }, currentStreak: 1, longestStreak: 1 });
    const memories = await api.call('GET', '/api/insights/on-this-day?date=2027-11-20', { token });
    expect(memories.body.entries).toMatchObject([{ title: 'Lisbon', yearsAgo: 1 }]);
    expect((await api.call('GET', '/readyz')).status).toBe(200);
    // The owners' internal endpoints answer the calendar directly, never through the gateway.
    const window = '/internal/calendar-window?from=2026-10-26&to=2026-12-06';
    for (const path of [window, `/api${window}`]) {
      const res = await api.call('GET', path, { token, headers: { accept: 'application/json' } });
      expect(res.status, path).toBe(404);
    }
    // Directly, they answer the calendar's service token, not a user's token alone.
    const journals = apiClient(system.processes.journals.url);
    expect((await journals.call('GET', window, { token })).status).toBe(401);
    const calendarKey = createSecretKey(Buffer.from(system.envs.calendar.SERVICE_TOKEN_SECRET!));
    const direct = await journals.call('GET', window, {
      token,
      headers: {
        [SERVICE_TOKEN_HEADER]: serviceCaller(calendarKey, 'calendar').tokenFor('journals'),
      },
    });
    expect(direct.status).toBe(200);
    expect(direct.body.entries[0]).toMatchObject({ title: 'Lisbon', journalTitle: 'Travel' });
  });

  it('exports through the archive service and imports the export into another account', async () => {
    const eve = await verifiedUser('Eve', 'eve@example.com');
    const { token } = eve;
    const journal = await api.call('POST', '/api/journals', { token, body: { title: 'Notes' } });
    expect(journal.status).toBe(201);
    const entry = await api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 'One', content: 'First', date: '2026-11-01' },
    });
    expect(entry.status).toBe(201);
    // The confirmation header crosses the gateway to the archive, which checks it.
    const exported = await api.call('GET', '/api/export?format=json', {
      token,
      headers: await confirmed(api, eve),
    });
    expect(exported.status).toBe(200);
    expect(exported.body.journals).toMatchObject([{ title: 'Notes', entries: [{ title: 'One' }] }]);
    // Which sign-in methods were on: asked of identity in its own process (issue 28).
    expect(exported.body.account).toEqual({ signIn: { password: true, totp: false, passkeys: 0 } });
    const other = await verifiedUser('Fay', 'fay@example.com');
    const imported = await api.call('POST', '/api/import', {
      token: other.token,
      rawBody: exported.text,
    });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body).toEqual({
      journals: { created: 1, matched: 0 },
      entries: { created: 1, skipped: 0 },
      goals: { created: 0, skipped: 0 },
      media: { created: 0, skipped: 0 },
      photosMissing: 0,
    });
    // The owners' archive endpoints are internal: not reachable through the gateway.
    const res = await api.call('GET', '/api/internal/export', { token });
    expect(res.status).toBe(404);
  });

  it('removes every row of a deleted account in every service, through Redis', async () => {
    const { token, user } = await verifiedUser('Gone', 'gone@example.com');
    const journal = await api.call('POST', '/api/journals', {
      token,
      body: { title: 'Soon gone' },
    });
    await api.call('POST', `/api/entry/${journal.body._id}`, {
      token,
      body: { title: 't', content: 'c', date: '2026-11-02' },
    });
    await api.call('POST', '/api/goals', {
      token,
      body: { title: 'g', description: 'd', dateDue: '2026-12-01' },
    });
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n'.padEnd(400))]), 'a.pdf');
    const file = await fetch(new URL('/api/media', system.gatewayUrl), {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(201);
    // Each table in the database of the service that owns it.
    const journalsDb = await mysql.createConnection({ uri: system.databases.urls.journals });
    const goalsDb = await mysql.createConnection({ uri: system.databases.urls.goals });
    const mediaDb = await mysql.createConnection({ uri: system.databases.urls.media });
    try {
      const count = async (table: string) => {
        const conn = table === 'goals' ? goalsDb : table === 'media' ? mediaDb : journalsDb;
        const [rows] = await conn.query(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, [
          user._id,
        ]);
        return Number((rows as { n: number }[])[0]!.n);
      };
      const counts = async () => [
        await count('journals'),
        await count('entries'),
        await count('goals'),
        await count('media'),
      ];
      expect(await counts()).toEqual([1, 1, 1, 1]);
      const headers = await confirmed(api, { token });
      expect((await api.call('DELETE', '/api/user/delete', { token, headers })).status).toBe(200);
      expect((await api.call('GET', '/api/journals', { token })).status).toBe(401);
      await expect.poll(counts, { timeout: 10_000 }).toEqual([0, 0, 0, 0]);
    } finally {
      await journalsDb.end();
      await goalsDb.end();
      await mediaDb.end();
    }
  });

  it("makes an image's sizes in media's own process, on its own queue as its own Redis user", async () => {
    const { token } = await verifiedUser('Pia', 'pia@example.com');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const added = await addMediaFile(system.gatewayUrl, token, { name: 'dot.png', bytes: png });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const { thumbnailUrl } = await itemWithThumbnail(api, token, id);
    const thumb = await fetch(new URL(thumbnailUrl, system.gatewayUrl));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
  });

  it('keeps serving the others while one service is down, and picks it up again without a restart', async () => {
    const { token } = await verifiedUser('Stay', 'stay@example.com');
    const timed = async (path: string) => {
      const started = performance.now();
      const res = await api.call('GET', path, { token });
      return { status: res.status, ms: performance.now() - started, body: res.body };
    };
    expect((await timed('/api/journals')).status).toBe(200);
    expect(await system.processes.journals.stop()).toBe(0); // SIGTERM: a clean exit
    const down = await timed('/api/journals');
    expect(down.status).toBe(503);
    expect(down.ms).toBeLessThan(1_000);
    expect(down.body.code).toBe('upstream_unavailable');
    expect((await timed('/api/goals/due')).status).toBe(200);
    // The calendar answers what goals has and names the entries missing.
    const calendar = await timed('/api/calendar?from=2026-11-01&to=2026-11-30');
    expect(calendar.status).toBe(200);
    expect(calendar.ms).toBeLessThan(3_000);
    expect(calendar.body).toMatchObject({ entries: {}, missing: ['entries'] });
    const ready = await api.call('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toContain('journals');
    await system.restart('journals');
    expect((await timed('/api/journals')).status).toBe(200);
    expect((await api.call('GET', '/readyz')).status).toBe(200);
    const whole = await timed('/api/calendar?from=2026-11-01&to=2026-11-30');
    expect(whole.status).toBe(200);
    expect(whole.body).not.toHaveProperty('missing');
  });
});

describe('distributed topology: who holds which secret', () => {
  let system: DistributedSystem;
  let sink: SmtpSink;
  let api: ApiClient;

  beforeAll(async () => {
    system = await startDistributedSystem({
      env: {
        NODE_ENV: 'production',
        SIGNUPS_PER_ADDRESS_PER_HOUR: undefined,
        SIGNUPS_PER_MINUTE: undefined,
      },
    });
    ({ sink, api } = system);
  }, 120_000);

  afterAll(() => system?.stop());

  it('hands the signing key to identity alone, the public key to the verifiers, nothing to the gateway', () => {
    const { envs } = system;
    expect(
      Object.keys(envs).filter((name) => 'JWT_PRIVATE_KEY' in envs[name as 'gateway']),
    ).toEqual(['identity']);
    for (const name of ['journals', 'goals', 'calendar'] as const) {
      expect(envs[name].JWT_PUBLIC_KEY, name).toContain('BEGIN PUBLIC KEY');
    }
    for (const name of ['gateway', 'mailer'] as const) {
      expect(
        Object.keys(envs[name]).filter((v) => /JWT|HMAC|DATABASE/.test(v)),
        name,
      ).toEqual([]);
    }
    // Each data owner its own database URL; the calendar, mailer and gateway none.
    const urls = (['identity', 'journals', 'goals', 'media'] as const).map(
      (n) => envs[n].DATABASE_URL,
    );
    expect(new Set(urls).size).toBe(4);
    for (const name of ['calendar', 'mailer', 'gateway'] as const) {
      expect(envs[name].DATABASE_URL, name).toBeUndefined();
    }
    // Media's link key to media alone.
    expect(
      Object.keys(envs).filter((name) => 'MEDIA_URL_SECRET' in envs[name as 'gateway']),
    ).toEqual(['media']);
    // Reminders' unsubscribe-link key to reminders alone.
    expect(
      Object.keys(envs).filter((name) => 'REMINDERS_UNSUBSCRIBE_SECRET' in envs[name as 'gateway']),
    ).toEqual(['reminders']);
    expect(envs.mailer.SMTP_URL).toBe(sink.url);
    expect(envs.identity.SMTP_URL).toBeUndefined();
    // And in production every one of them started with just that.
    for (const p of Object.values(system.processes)) expect(p.child.exitCode).toBeNull();
  });

  it('refuses with 401 every token not signed by identity, at every verifier', async () => {
    const email = 'keys@example.com';
    const signup = await api.call('POST', '/api/auth/signup', {
      body: { name: 'Keys', email, password: 'correct horse battery' },
    });
    expect(signup.status).toBe(201);
    await api.call('POST', '/api/auth/otp/send', { body: { email } });
    const code = codeFrom(await sink.waitFor((m) => m.to.includes(email)));
    const verified = await api.call('POST', '/api/auth/otp/verify', { body: { email, otp: code } });
    expect(verified.status).toBe(200);
    const good: string = verified.body.token;
    const [, payload] = good.split('.');
    const hs256 = (secret: string) => {
      const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
      const mac = createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url');
      return `${head}.${payload}.${mac}`;
    };
    const rs256 = (privateKey: string) => {
      const head = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
      const signature = sign('sha256', Buffer.from(`${head}.${payload}`), privateKey);
      return `${head}.${payload}.${signature.toString('base64url')}`;
    };
    const forged = {
      'HS256 keyed with the public key': hs256(testTokenKeys().publicKey),
      'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`,
      'another RSA key': rs256(otherTokenKeys().privateKey),
    };
    // Identity, the content services and the calendar each verify on their own.
    for (const path of [
      '/api/auth/verify',
      '/api/journals',
      '/api/goals/due',
      '/api/calendar?from=2026-11-01&to=2026-11-30',
    ]) {
      expect((await api.call('GET', path, { token: good })).status, path).toBe(200);
      for (const [name, token] of Object.entries(forged)) {
        const res = await api.call('GET', path, { token });
        expect(res.status, `${name} at ${path}`).toBe(401);
      }
    }
  });
});
