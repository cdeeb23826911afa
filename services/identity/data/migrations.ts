import type { Migration } from '@dayframe/service-kit/db';

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
  {
    name: '002-sessions-and-first-admin',
    async up(db) {
      // A logged-out session, until the last token naming it would have expired anyway.
      await db.schema.createTable('revoked_sessions', (t) => {
        t.string('sid', 36).primary();
        t.string('user_id', 36).notNullable();
        t.bigInteger('expires_at').notNullable().index('revoked_sessions_expires_index');
      });
      // One row, claimed once: the sign-up that claims it is the installation's first admin.
      // Concurrent first sign-ups queue on its row lock, so exactly one of them wins.
      await db.schema.createTable('first_admin', (t) => {
        t.integer('id').primary();
        t.string('user_id', 36).nullable();
      });
      const anyone = await db('users').first('id');
      await db('first_admin').insert({ id: 1, user_id: anyone ? 'before-002' : null });
    },
    async down(db) {
      await db.schema.dropTable('first_admin');
      await db.schema.dropTable('revoked_sessions');
    },
  },
  {
    name: '003-outbox',
    async up(db) {
      // Events written in the transaction that causes them, relayed after commit (outbox-relay.ts).
      await db.schema.createTable('outbox', (t) => {
        t.increments('seq').primary();
        t.string('id', 36).notNullable().unique('outbox_id_unique');
        t.string('topic', 100).notNullable();
        t.text('payload').notNullable();
        t.string('created_at', 24).notNullable();
        t.string('delivered_at', 24).nullable();
        t.integer('attempts').notNullable().defaultTo(0);
        t.index(['delivered_at', 'seq'], 'outbox_pending');
      });
    },
    async down(db) {
      await db.schema.dropTable('outbox');
    },
  },
];
