import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@dayframe/service-kit/http';
import { serviceCaller } from '@dayframe/service-kit/tokens';
import {
  inProcessEventBus,
  keepAccountDataInStep,
  remoteUserDirectory,
  type AccountDataKeeper,
} from '@dayframe/service-kit/events';
import {
  DATABASE_KINDS,
  confirmed,
  freePort,
  listen,
  openTestDatabase,
  apiClient,
  testServiceSecret,
} from '@dayframe/test-kit';
import type { OpenTestDatabase, ApiClient } from '@dayframe/test-kit';
import { createJournals, type Journals } from '@dayframe/journals';
import { createGoals } from '@dayframe/goals';
import { startIdentity, type Harness } from '../services/identity/_harness.ts';

// Rows whose user is gone (the account.deleted event was lost) are swept, checked against the
// real identity service over HTTP; nothing is deleted while identity cannot answer.
describe.each(DATABASE_KINDS)('the orphan sweep of journals on %s', (kind) => {
  const log = silentLogger();
  let identity: Harness;
  let database: OpenTestDatabase;
  let journals: Journals;
  let server: { url: string; close(): Promise<void> };
  let api: ApiClient;
  const keepers: AccountDataKeeper[] = [];
  const directories: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    identity = await startIdentity('sqlite');
    database = await openTestDatabase(kind);
    journals = createJournals({
      db: database.db,
      tokens: identity.tokens,
      checkSession: async (_token, claims) => ({ id: claims.sub, role: 'user', verified: true }),
      serviceKey: testServiceSecret().key,
      log,
    });
    await journals.migrate();
    server = await listen(journals.app.callback());
    api = apiClient(server.url);
  });
  afterAll(async () => {
    for (const keeper of keepers) await keeper.stop();
    for (const directory of directories) await directory.close();
    await server?.close();
    await database?.close();
    await identity?.stop();
  });

  async function journalOf(userId: string) {
    const token = identity.tokens.sign({ sub: userId, role: 'user', sv: 0 });
    const made = await api.call('POST', '/api/journals', { token, body: { title: 'J' } });
    expect(made.status).toBe(201);
    const entry = await api.call('POST', `/api/entry/${made.body._id}`, {
      token,
      body: { content: 'c', date: '2026-05-01' },
    });
    expect(entry.status).toBe(201);
  }
  const owners = async () =>
    (await database.db('journals').distinct('user_id').orderBy('user_id')).map((r) => r.user_id);
  const entryOwners = async () =>
    (await database.db('entries').distinct('user_id').orderBy('user_id')).map((r) => r.user_id);

  function keeper(identityUrl: string, firstMs = 3_600_000) {
    const users = remoteUserDirectory(
      identityUrl,
      serviceCaller(testServiceSecret().key, 'journals'),
    );
    directories.push(users);
    const k = keepAccountDataInStep({
      name: 'journals',
      owner: journals,
      events: inProcessEventBus(log), // no event ever arrives: they were lost
      tokens: identity.tokens,
      users,
      log,
      sweep: { everyMs: 3_600_000, firstMs, batch: 2 },
    });
    keepers.push(k);
    return k;
  }

  it('removes, batch by batch, the rows of users identity no longer has, and keeps the others', async () => {
    const alice = await identity.verifiedUser('Alice', `alice-${kind}@example.com`);
    const bob = await identity.verifiedUser('Bob', `bob-${kind}@example.com`);
    const strangers = Array.from({ length: 4 }, () => randomUUID());
    for (const id of [alice.user._id, bob.user._id, ...strangers]) await journalOf(id);
    // Bob leaves; his event reaches nobody here.
    expect(
      (
        await identity.api.call('DELETE', '/api/user/delete', {
          token: bob.token,
          headers: await confirmed(identity.api, bob),
        })
      ).status,
    ).toBe(200);

    const result = await keeper(identity.api.baseUrl).sweep();
    expect(result).toEqual({ checked: 6, removed: 5 });
    expect(await owners()).toEqual([alice.user._id]);
    expect(await entryOwners()).toEqual([alice.user._id]);
  });

  it('deletes nothing while identity cannot be reached', async () => {
    const before = await owners();
    await journalOf(randomUUID());
    const withOrphan = await owners();
    expect(withOrphan).toHaveLength(before.length + 1);
    const unreachable = `http://127.0.0.1:${await freePort()}`;
    await expect(keeper(unreachable).sweep()).rejects.toThrow();
    expect(await owners()).toEqual(withOrphan);
  });

  it('runs on its own shortly after start', async () => {
    const orphan = randomUUID();
    await journalOf(orphan);
    expect(await owners()).toContain(orphan);
    keeper(identity.api.baseUrl, 100);
    await expect.poll(owners, { timeout: 5_000 }).not.toContain(orphan);
  });
});

describe('the orphan sweep of goals', () => {
  it('removes the goals of users identity no longer has', async () => {
    const log = silentLogger();
    const identity = await startIdentity('sqlite');
    const database = await openTestDatabase('mariadb');
    const goals = createGoals({
      db: database.db,
      tokens: identity.tokens,
      checkSession: async (_token, claims) => ({ id: claims.sub, role: 'user', verified: true }),
      serviceKey: testServiceSecret().key,
      log,
    });
    await goals.migrate();
    const server = await listen(goals.app.callback());
    const users = remoteUserDirectory(
      identity.api.baseUrl,
      serviceCaller(testServiceSecret().key, 'goals'),
    );
    const keeper = keepAccountDataInStep({
      name: 'goals',
      owner: goals,
      events: inProcessEventBus(log),
      tokens: identity.tokens,
      users,
      log,
      sweep: { everyMs: 3_600_000, firstMs: 3_600_000 },
    });
    try {
      const { user } = await identity.signup('Gil', 'gil@example.com');
      const stranger = randomUUID();
      for (const id of [user._id, stranger]) {
        const token = identity.tokens.sign({ sub: id, role: 'user', sv: 0 });
        const made = await apiClient(server.url).call('POST', '/api/goals', {
          token,
          body: { title: 'G', description: 'd', dateDue: '2026-06-01' },
        });
        expect(made.status).toBe(201);
      }
      expect(await keeper.sweep()).toEqual({ checked: 2, removed: 1 });
      const left = await database.db('goals').distinct('user_id');
      expect(left.map((r) => r.user_id)).toEqual([user._id]);
    } finally {
      await keeper.stop();
      await users.close();
      await server.close();
      await database.close();
      await identity.stop();
    }
  });
});

describe("identity's POST /internal/users/existing", () => {
  let identity: Harness;
  beforeAll(async () => {
    identity = await startIdentity('sqlite');
  });
  afterAll(() => identity?.stop());

  // What a content service's sweep shows: its own service token (decision 0043).
  const asJournals = () => ({
    'x-service-token': serviceCaller(testServiceSecret().key, 'journals').tokenFor('identity'),
  });

  it('answers which ids have an account, and refuses an oversized or malformed ask', async () => {
    const { user } = await identity.signup('Eve', 'eve@example.com');
    const gone = randomUUID();
    const res = await identity.api.call('POST', '/internal/users/existing', {
      body: { ids: [user._id, gone] },
      headers: asJournals(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ existing: [user._id] });
    for (const body of [{ ids: Array.from({ length: 501 }, () => gone) }, { ids: 'x' }, {}]) {
      const bad = await identity.api.call('POST', '/internal/users/existing', {
        body,
        headers: asJournals(),
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation_failed');
    }
  });
});
