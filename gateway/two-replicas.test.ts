import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY, MAILER, SERVICES } from '@dayframe/catalog';
import {
  apiClient,
  createTestDatabase,
  startDistributedSystem,
  sinkCode,
  startProcess,
  verifiedAccount,
  type ApiClient,
  type DistributedSystem,
  type RunningProcess,
  type SmtpSink,
} from '@dayframe/test-kit';

// Two processes of every service and of the mailer side by side, behind the gateway's upstream
// pool (`JOURNALS_URL=http://a,http://b`), as Kubernetes runs them (deploy/kubernetes): no mail
// sent twice, no migration applied twice, rate limits and session revocation shared.
type Name = (typeof SERVICES)[number]['name'] | 'mailer';
const REPLICATED: Name[] = [...SERVICES.map((s) => s.name), 'mailer'];
const ENTRY: Record<Name, string> = {
  ...(Object.fromEntries(SERVICES.map((s) => [s.name, s.entry])) as Record<Name, string>),
  mailer: MAILER.entry,
};

describe('two replicas of every service', () => {
  let system: DistributedSystem;
  let sink: SmtpSink;
  const second = {} as Record<Name, RunningProcess>;
  let gateway: RunningProcess;
  let api: ApiClient;
  const both = (name: Name) => [system.processes[name], second[name]];

  beforeAll(async () => {
    system = await startDistributedSystem();
    sink = system.sink;
    // The second identity first; each second content service checks sessions with it.
    second.identity = await startProcess(ENTRY.identity, system.envs.identity, { isolated: true });
    await Promise.all(
      REPLICATED.filter((n) => n !== 'identity').map(async (name) => {
        const env = { ...system.envs[name] };
        if (env.IDENTITY_URL) env.IDENTITY_URL = second.identity.url;
        second[name] = await startProcess(ENTRY[name], env, { isolated: true });
      }),
    );
    // The gateway again, now with both replicas of each service in its pool.
    await system.processes.gateway.stop();
    gateway = await startProcess(GATEWAY.entry, {
      ...system.envs.gateway,
      ...Object.fromEntries(
        SERVICES.map((s) => [
          s.urlVar,
          both(s.name)
            .map((p) => p.url)
            .join(','),
        ]),
      ),
    });
    api = apiClient(gateway.url);
  }, 240_000);

  afterAll(async () => {
    await gateway?.stop();
    await Promise.all(Object.values(second).map((p) => p.stop()));
    await system?.stop();
  });

  // Through the gateway that balances both replicas, not the system's first one.
  const verifiedUser = (email: string) =>
    verifiedAccount(api, { name: 'Replica', email }, sinkCode(sink));

  it('sends each mail once with two mailers on the queue', async () => {
    const emails = Array.from({ length: 8 }, (_, i) => `mail-${i}@example.com`);
    for (const email of emails) {
      await api.call('POST', '/api/auth/signup', {
        body: { name: 'Mail', email, password: 'correct horse battery' },
      });
      expect((await api.call('POST', '/api/auth/otp/send', { body: { email } })).status).toBe(200);
    }
    for (const email of emails) await sink.waitFor((m) => m.to.includes(email));
    // Time for a duplicate to arrive, if either mailer were to send one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const email of emails) {
      expect(sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    }
  });

  it('serves through both replicas, and a logged-out session is refused by both', async () => {
    const { token } = await verifiedUser('revoked@example.com');
    const created = await api.call('POST', '/api/journals', {
      token,
      body: { title: 'Two', description: 'replicas' },
    });
    expect(created.status).toBe(201);
    const reads = [
      ...both('journals').map((p) => [p, '/api/journals'] as const),
      ...both('goals').map((p) => [p, '/api/goals/due'] as const),
    ];
    for (const [replica, path] of reads) {
      expect((await apiClient(replica.url).call('GET', path, { token })).status).toBe(200);
    }

    expect((await api.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    for (const replica of both('identity')) {
      expect((await apiClient(replica.url).call('GET', '/api/auth/verify', { token })).status).toBe(
        401,
      );
    }
    for (const [replica, path] of reads) {
      expect((await apiClient(replica.url).call('GET', path, { token })).status).toBe(401);
    }
  });

  it('refuses the old token on every replica after a password change, and takes the new one', async () => {
    const { token } = await verifiedUser('changed@example.com');
    const changed = await api.call('PUT', '/api/user/password', {
      token,
      body: { newPassword: 'another long passphrase' },
    });
    expect(changed.status).toBe(200);
    const fresh = (changed.body as { token: string }).token;
    for (const [replica, path] of [
      ...both('journals').map((p) => [p, '/api/journals'] as const),
      ...both('goals').map((p) => [p, '/api/goals/due'] as const),
      ...both('identity').map((p) => [p, '/api/auth/verify'] as const),
    ]) {
      const client = apiClient(replica.url);
      expect((await client.call('GET', path, { token })).status).toBe(401);
      expect((await client.call('GET', path, { token: fresh })).status).toBe(200);
    }
  });

  it('applies migrations once when two replicas start at once on a fresh database', async () => {
    const fresh = await createTestDatabase();
    try {
      const env = { ...system.envs.journals, DATABASE_URL: fresh.url };
      const replicas = await Promise.all([
        startProcess(ENTRY.journals, env, { isolated: true }),
        startProcess(ENTRY.journals, env, { isolated: true }),
      ]);
      try {
        for (const replica of replicas) {
          expect((await fetch(`${replica.url}/readyz`)).status).toBe(200);
        }
        const mysql = await import('mysql2/promise');
        const connection = await mysql.createConnection(fresh.url);
        try {
          const [rows] = await connection.query(
            'select name, count(*) as times from knex_migrations_journals group by name',
          );
          const history = rows as { name: string; times: number }[];
          expect(history.length).toBeGreaterThan(0);
          expect(history.every((row) => Number(row.times) === 1)).toBe(true);
        } finally {
          await connection.end();
        }
      } finally {
        await Promise.all(replicas.map((r) => r.stop()));
      }
    } finally {
      await fresh.drop();
    }
  });

  // Last: it uses up this address's login allowance for a minute.
  it('counts login attempts across both identity replicas (limits in Redis)', async () => {
    const [a, b] = both('identity').map((p) => apiClient(p.url));
    const attempt = (client: ApiClient, i: number) =>
      client.call('POST', '/api/auth/login', {
        body: { email: `nobody-${i}@example.com`, password: 'wrong password here' },
      });
    // 30 attempts a minute from one address, split between the replicas: 15 each.
    for (let i = 0; i < 30; i++) expect((await attempt(i % 2 ? b! : a!, i)).status).toBe(404);
    for (const client of [a!, b!]) {
      const refused = await attempt(client, 99);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'too_many_logins' });
    }
  });
});
