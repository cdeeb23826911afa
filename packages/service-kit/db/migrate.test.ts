// Replicas that start together on a fresh MySQL database apply each migration once and all start
// (the situation of a Kubernetes rollout: deploy/kubernetes/README.md, "Migrations").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, tempDataDir } from '@dayframe/test-kit';
import { createDatabase, migrate, type Knex, type Migration } from './database.ts';

const MIGRATIONS: Migration[] = [
  {
    name: '001_counter',
    async up(db) {
      await db.schema.createTable('applied', (t) => t.string('name'));
      // Slow enough that every replica arrives while the first is still migrating.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await db('applied').insert({ name: '001_counter' });
    },
  },
  {
    name: '002_second',
    async up(db) {
      await db('applied').insert({ name: '002_second' });
    },
  },
];

describe('migrate on MariaDB, several replicas at once', () => {
  let maria: Awaited<ReturnType<typeof createTestDatabase>>;
  const data = tempDataDir();
  const replicas: Knex[] = [];

  beforeAll(async () => {
    maria = await createTestDatabase();
    for (let i = 0; i < 4; i++)
      replicas.push(createDatabase({ url: maria.url, dataDir: data.dir }));
  });
  afterAll(async () => {
    await Promise.all(replicas.map((db) => db.destroy()));
    await maria.drop();
    data.remove();
  });

  it('applies every migration once and lets every replica start', async () => {
    const results = await Promise.allSettled(
      replicas.map((db) => migrate(db, 'replicas', MIGRATIONS)),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const db = replicas[0]!;
    const history = await db('knex_migrations_replicas').select('name').orderBy('id');
    expect(history.map((row) => row.name)).toEqual(['001_counter', '002_second']);
    const applied = await db('applied').select('name');
    expect(applied.map((row) => row.name).sort()).toEqual(['001_counter', '002_second']);
    // The lock is free again: a later rollout migrates without waiting.
    const [rows] = await db.raw("select is_free_lock('dayframe_migrate_replicas') as free");
    expect(rows[0].free).toBe(1);
  });
});
