import type { Migration } from '@dayframe/service-kit';

export const migrations: Migration[] = [
  {
    name: '001-users-and-codes',
    async up(db) {
      await db.schema.createTable('users', (t) => {
        t.string('id', 36).primary();
        t.string('name', 100).notNullable();
        t.string('email', 254).notNullable().unique('users_email_unique');
        t.string('password_hash', 100).notNullable();
        t.string('role', 10).notNullable().defaultTo('user');
        t.boolean('verified').notNullable().defaultTo(false);
        // Bumped by a password change: tokens carry it, so older tokens stop working.
        t.integer('session_version').notNullable().defaultTo(0);
        // ISO-8601 UTC instants: identical in MySQL and SQLite, and they sort as text.
        t.string('created_at', 24).notNullable().index('users_created_at_index');
        t.index(['role'], 'users_role_index');
      });
      await db.schema.createTable('verification_codes', (t) => {
        t.string('user_id', 36).primary().references('id').inTable('users').onDelete('CASCADE');
        // HMAC of the code; null once used or burnt. The code itself is never stored.
        t.string('code_hash', 64).nullable();
        t.bigInteger('expires_at').notNullable();
        t.integer('attempts').notNullable().defaultTo(0);
        t.bigInteger('sent_at').notNullable();
        // The hourly cap: sends counted since window_start.
        t.bigInteger('window_start').notNullable();
        t.integer('window_count').notNullable();
      });
    },
    async down(db) {
      await db.schema.dropTable('verification_codes');
      await db.schema.dropTable('users');
    },
  },
];
