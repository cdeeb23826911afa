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
  {
    name: '004-second-factors',
    async up(db) {
      // Issue 28. An authenticator-app secret, encrypted with a key only identity holds
      // (`factor-secrets.ts`); `enabled_at` is null while set-up waits for its first code.
      // `last_step` is the newest 30-second step a code was accepted for: no code is taken twice.
      await db.schema.createTable('totp_factors', (t) => {
        t.string('user_id', 36).primary().references('id').inTable('users').onDelete('CASCADE');
        t.string('secret_enc', 255).notNullable();
        t.string('enabled_at', 24).nullable();
        t.bigInteger('last_step').nullable();
      });
      // Ten per account, HMACs only; a used one keeps its row (`used_at`) until codes are remade.
      await db.schema.createTable('recovery_codes', (t) => {
        t.increments('id').primary();
        t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
        t.string('code_hash', 64).notNullable();
        t.string('used_at', 24).nullable();
        t.index(['user_id'], 'recovery_codes_user_index');
      });
      // A WebAuthn credential. `credential_key` is the SHA-256 of the credential id (hex), the
      // unique index a sign-in looks it up by; the id itself can be up to 1,023 bytes.
      await db.schema.createTable('passkeys', (t) => {
        t.string('id', 36).primary();
        t.string('user_id', 36).notNullable().references('id').inTable('users').onDelete('CASCADE');
        t.string('credential_key', 64).notNullable().unique('passkeys_credential_unique');
        t.text('credential_id').notNullable();
        t.text('public_key').notNullable();
        t.bigInteger('counter').notNullable().defaultTo(0);
        t.string('transports', 200).notNullable().defaultTo('');
        t.string('name', 64).notNullable();
        t.string('created_at', 24).notNullable();
        t.string('last_used_at', 24).nullable();
        t.index(['user_id'], 'passkeys_user_index');
      });
      // Single-use challenges: a login waiting for its second factor, and every WebAuthn
      // ceremony. `id_hash` is the SHA-256 of the opaque id handed out (a leaked table holds no
      // usable challenge); `purpose` says which ceremony may take it.
      await db.schema.createTable('sign_in_challenges', (t) => {
        t.string('id_hash', 64).primary();
        t.string('purpose', 20).notNullable();
        t.string('user_id', 36).nullable().references('id').inTable('users').onDelete('CASCADE');
        // The WebAuthn challenge (base64url) the browser signs, when the purpose has one.
        t.string('webauthn_challenge', 128).nullable();
        // A login's session version when it was made: a password change in between ends it.
        t.integer('session_version').nullable();
        t.integer('wrong').notNullable().defaultTo(0);
        t.bigInteger('expires_at').notNullable().index('sign_in_challenges_expires_index');
      });
    },
    async down(db) {
      await db.schema.dropTable('sign_in_challenges');
      await db.schema.dropTable('passkeys');
      await db.schema.dropTable('recovery_codes');
      await db.schema.dropTable('totp_factors');
    },
  },
];
