import type { Migration } from '@dayframe/service-kit/db';

/**
 * One row per stored file. `id` is the random UUID the API shows; `seq` orders a person's files
 * newest first (the list's keyset). `bytes` is what was uploaded (what the quota counts);
 * `served_bytes` the length of what is served, which differs for an image: it is served
 * re-encoded without its EXIF, and `has_original` says the upload is kept apart, privately.
 */
export const migrations: Migration[] = [
  {
    name: '001-media',
    async up(db) {
      await db.schema.createTable('media', (table) => {
        table.increments('seq');
        table.specificType('id', 'char(36)').notNullable().unique('media_id_unique');
        table.string('user_id', 64).notNullable();
        table.string('content_type', 64).notNullable();
        table.bigInteger('bytes').notNullable();
        table.bigInteger('served_bytes').notNullable();
        table.integer('width').nullable();
        table.integer('height').nullable();
        table.date('taken_at').nullable();
        table.boolean('has_original').notNullable().defaultTo(false);
        table.specificType('content_hash', 'char(64)').notNullable();
        table.string('created_at', 32).notNullable();
        table.index(['user_id', 'seq'], 'media_by_user');
      });
    },
    async down(db) {
      await db.schema.dropTableIfExists('media');
    },
  },
  {
    // An image's thumbnail and display size, made by the sizes job after the upload: null until
    // then (and for audio and PDFs), which is how a list knows to leave their links out.
    name: '002-media-sizes',
    async up(db) {
      await db.schema.alterTable('media', (table) => {
        table.bigInteger('thumb_bytes').nullable();
        table.bigInteger('display_bytes').nullable();
      });
    },
    async down(db) {
      await db.schema.alterTable('media', (table) => {
        table.dropColumn('thumb_bytes');
        table.dropColumn('display_bytes');
      });
    },
  },
];
