import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash, migrate } from '@dayframe/service-kit/db';
import {
  DATABASE_KINDS,
  finding,
  openTestDatabase,
  startServiceTestApp,
  type ServiceTestApp,
  type TestUser,
  serviceClient,
} from '@dayframe/test-kit';
import { migrations } from './data/migrations.ts';
import { createGoals, type Goals } from './mod.ts';

// Issue 24, finding 10, at the goals owner: goals an import writes are unique per user and
// content hash, so two imports at once add none twice, while goals set by hand may repeat.

describe.each(DATABASE_KINDS)("goals' import keys on %s", (kind) => {
  let t: ServiceTestApp<Goals>;
  beforeAll(async () => {
    t = await startServiceTestApp(kind, (parts) => createGoals(parts));
  });
  afterAll(() => t?.close());
  /** The goals service as the archive calls it: with its service token. */
  const owner = () => serviceClient(t.url, 'archive', 'goals');

  const goal = (n: number) => ({
    title: `Goal ${n}`,
    description: 'd',
    dateSet: '2026-01-01',
    dateDue: `2026-02-${String((n % 28) + 1).padStart(2, '0')}`,
  });
  async function commit(user: TestUser, goals: object[]) {
    const res = await owner().call('POST', `/internal/import?importId=${crypto.randomUUID()}`, {
      token: user.token,
      body: { goals },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.goals as { created: number; skipped: number };
  }
  const count = async (user: TestUser) => {
    const [row] = await t.db('goals').where({ user_id: user.id }).count({ n: '*' });
    return Number(row?.n ?? 0);
  };

  it('keeps identical goals set by hand; an import adds none of a twin set by hand', async () => {
    const user = t.sessions.newUser();
    for (const _ of [1, 2]) {
      const made = await t.api.call('POST', '/api/goals', { token: user.token, body: goal(1) });
      expect(made.status, made.text).toBe(201);
    }
    expect(await commit(user, [goal(1), goal(2), goal(2)])).toEqual({ created: 1, skipped: 2 });
    expect(await count(user)).toBe(3);
  });

  it('two imports of the same goals at once write each once', async () => {
    await finding('R3-10 two concurrent goal imports write each goal once', 'refused', async () => {
      const user = t.sessions.newUser();
      const goals = Array.from({ length: 1000 }, (_, n) => goal(n));
      const [a, b] = await Promise.all([commit(user, goals), commit(user, goals)]);
      expect(a.created + b.created).toBe(1000);
      expect(a.created + a.skipped).toBe(1000);
      expect(await count(user)).toBe(1000);
    });
  });
});

describe.each(DATABASE_KINDS)('the goals import-keys migration on %s', (kind) => {
  it('gives every existing goal the hash an import computes', async () => {
    const database = await openTestDatabase(kind);
    try {
      await migrate(database.db, 'goals', migrations.slice(0, 2));
      await database.db('goals').insert({
        id: crypto.randomUUID(),
        user_id: 'u',
        title: 'Ünïcödé 🌊',
        description: 'line\nline',
        completed: false,
        date_set: '2026-01-01',
        date_due: '2026-03-31',
        created_at: '2026-01-01T00:00:00.000Z',
      });
      await migrate(database.db, 'goals', migrations);
      const row = await database.db('goals').first();
      expect(row.content_hash).toBe(
        contentHash('Ünïcödé 🌊', 'line\nline', '2026-01-01', '2026-03-31'),
      );
      expect(row.imported).toBeNull();
    } finally {
      await database.close();
    }
  });
});
