import { contentHashType, type Migration } from '@dayframe/service-kit/db';

/**
 * Reminders' own tables (decision 0051). Instants are epoch milliseconds (as identity's
 * `expires_at`): the same integer comparison on MariaDB and SQLite, no driver time zone between.
 *
 * - `reminder_settings`: one row per account that saved settings; the kinds as JSON, read whole.
 * - `reminder_schedule`: one row per account and kind that is on, with its next firing; the due
 *   sweep reads it by `next_fire_at` alone, so no per-account timer exists anywhere.
 * - `reminder_deliveries`: the ledger, one row per account, kind and local day; its key is what
 *   makes a reminder go at most once, whatever the sweeps, replicas and retries do.
 * - `reminder_revisits` (`002-revisits`): "Remind me about this entry", one row per account and
 *   entry, with the instant it fires (the daily time on its day); the revisit sweep reads it by
 *   `fire_at`, marks what it queued (`queued_at`), and a delivery removes what it sent.
 * - `push_subscriptions`: the browsers an account turned notifications on in, at most 10. An
 *   endpoint is up to 2,048 characters, more than MariaDB indexes, so its SHA-256 is what is
 *   unique per account.
 */
export const migrations: Migration[] = [
  {
    name: '001-reminders',
    async up(db) {
      await db.schema.createTable('reminder_settings', (table) => {
        table.string('user_id', 64).primary();
        table.string('time_zone', 64).notNullable();
        table.text('settings').notNullable();
        table.bigInteger('updated_at').notNullable();
      });
      await db.schema.createTable('reminder_schedule', (table) => {
        table.string('user_id', 64).notNullable();
        table.string('kind', 16).notNullable();
        table.bigInteger('next_fire_at').notNullable();
        table.primary(['user_id', 'kind']);
        table.index(['next_fire_at'], 'reminder_schedule_due');
      });
      await db.schema.createTable('reminder_deliveries', (table) => {
        table.string('user_id', 64).notNullable();
        table.string('kind', 16).notNullable();
        table.date('local_date').notNullable();
        table.bigInteger('claimed_at').notNullable();
        /** Null while a delivery is claimed and not yet handed to the mail queue. */
        table.bigInteger('sent_at').nullable();
        /** A `DeliveryOutcome`: `sent`, `mailed`, `pushed`, `written`, `nothing-due`, `no-address`, … */
        table.string('outcome', 16).nullable();
        table.primary(['user_id', 'kind', 'local_date']);
      });
    },
    async down(db) {
      await db.schema.dropTableIfExists('reminder_deliveries');
      await db.schema.dropTableIfExists('reminder_schedule');
      await db.schema.dropTableIfExists('reminder_settings');
    },
  },
  {
    name: '002-revisits',
    async up(db) {
      await db.schema.createTable('reminder_revisits', (table) => {
        table.uuid('id').primary();
        table.string('user_id', 64).notNullable();
        table.string('entry_id', 64).notNullable();
        table.date('on_date').notNullable();
        table.bigInteger('fire_at').notNullable();
        table.bigInteger('created_at').notNullable();
        /** Set when the sweep queued its delivery: a pending revisit has none. */
        table.bigInteger('queued_at').nullable();
        table.unique(['user_id', 'entry_id'], { indexName: 'reminder_revisits_entry' });
        table.index(['fire_at'], 'reminder_revisits_due');
      });
    },
    async down(db) {
      await db.schema.dropTableIfExists('reminder_revisits');
    },
  },
  {
    name: '003-push-subscriptions',
    async up(db) {
      await db.schema.createTable('push_subscriptions', (table) => {
        table.string('id', 36).primary();
        table.string('user_id', 64).notNullable();
        table.string('endpoint', 2048).notNullable();
        table.specificType('endpoint_hash', contentHashType(db)).notNullable();
        /** The browser's keys the payload is sealed to; never answered, never logged. */
        table.string('p256dh', 100).notNullable();
        table.string('auth', 100).notNullable();
        table.bigInteger('created_at').notNullable();
        /** The last push the push service took; null until then. */
        table.bigInteger('last_used_at').nullable();
        table.unique(['user_id', 'endpoint_hash'], { indexName: 'push_subscriptions_endpoint' });
      });
    },
    async down(db) {
      await db.schema.dropTableIfExists('push_subscriptions');
    },
  },
];
