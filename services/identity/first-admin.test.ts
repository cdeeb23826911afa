// The first account of an installation becomes its admin, exactly once, even when several
// sign-ups reach the database at the same moment (issue 14). Here the sign-ups' transactions
// start together on MariaDB, without the hashing in front of them that spaces HTTP sign-ups out.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrate, type Knex } from '@dayframe/service-kit/db';
import { createTestDatabase, type TestDatabase } from '@dayframe/test-kit';
import { migrations } from './data/migrations.ts';
import { createUser } from './data/users-repo.ts';

describe('the first admin on MariaDB', () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDatabase({ url: database.url, dataDir: '/nonexistent' });
    await migrate(db, 'identity', migrations);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('five concurrent first sign-ups make exactly one admin, and later ones are users', async () => {
    const create = (i: number) =>
      createUser(
        db,
        {
          id: randomUUID(),
          name: `First ${i}`,
          email: `first${i}@example.com`,
          passwordHash: 'x'.repeat(60),
          createdAt: new Date().toISOString(),
        },
        'Email already in use',
      );
    // Five connections open first, so the five transactions really run side by side.
    await Promise.all([0, 1, 2, 3, 4].map(() => db.raw('select sleep(0.05)')));
    const created = await Promise.all([0, 1, 2, 3, 4].map(create));
    expect(created.filter((u) => u.role === 'admin')).toHaveLength(1);
    const stored = await db('users').where({ role: 'admin' }).select('id');
    expect(stored.map((r) => r.id)).toEqual(
      created.filter((u) => u.role === 'admin').map((u) => u._id),
    );
    expect((await create(5)).role).toBe('user');
  });
});
