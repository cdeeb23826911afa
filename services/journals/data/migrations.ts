import {
  backfillContentHash,
  contentHashType,
  isMysql,
  type Migration,
} from '@dayframe/service-kit/db';
import { createFullTextIndex, dropFullTextIndex } from '@dayframe/service-kit/search';
import { ENTRY_SEARCH_INDEX } from './entry-search-repo.ts';
import { ENTRY_BYTES_MYSQL, ENTRY_BYTES_SQLITE } from './entry-bytes.ts';
import { rewriteAllEntryMedia } from './entry-media.ts';

/**
 * `seq` orders rows by when they were written (ties in `created_at` are common within one
 * millisecond); `id` is the random UUID the API shows. Every index matches one query path:
 * a user's journals newest first, a journal's entries by date, a user's entries in a window.
 */
export const migrations: Migration[] = [
  {
    name: '001-journals-and-entries',
    async up(db) {
      await db.schema.createTable('journals', (table) => {
        table.increments('seq');
        table.specificType('id', 'char(36)').notNullable().unique('journals_id_unique');
        table.string('user_id', 64).notNullable();
        table.string('title', 200).notNullable();
        table.text('description').notNullable();
        table.string('created_at', 32).notNullable();
        table.index(['user_id', 'seq'], 'journals_by_user');
      });
      await db.schema.createTable('entries', (table) => {
        table.increments('seq');
        table.specificType('id', 'char(36)').notNullable().unique('entries_id_unique');
        table
          .specificType('journal_id', 'char(36)')
          .notNullable()
          .references('id')
          .inTable('journals')
          .onDelete('CASCADE');
        table.string('user_id', 64).notNullable();
        table.string('title', 200).notNullable();
        // 50,000 characters of utf8mb4 can exceed MySQL's 64 KB TEXT.
        table.text('content', 'mediumtext').notNullable();
        table.date('date').notNullable();
        table.string('created_at', 32).notNullable();
        table.index(['journal_id', 'date', 'seq'], 'entries_by_journal_date');
        table.index(['user_id', 'date', 'seq'], 'entries_by_user_date');
      });
    },
    async down(db) {
      await db.schema.dropTableIfExists('entries');
      await db.schema.dropTableIfExists('journals');
    },
  },
  {
    // Search over titles and content (FTS5 on SQLite, FULLTEXT on MySQL), filled from the
    // entries already written.
    name: '002-entry-search',
    up: (db) => createFullTextIndex(db, ENTRY_SEARCH_INDEX),
    down: (db) => dropFullTextIndex(db, ENTRY_SEARCH_INDEX),
  },
  {
    // The byte quota (issue 24): each entry's UTF-8 bytes of title and content, computed by the
    // database on every write (so no write path can forget it) and summed from an index alone,
    // without reading any content. MySQL/MariaDB index a generated column (MariaDB has no index
    // on an expression); SQLite indexes the expression (it reads a generated column's value from
    // the row, so such an index would not cover the sum).
    name: '003-entry-bytes',
    async up(db) {
      if (isMysql(db)) {
        await db.raw(
          `ALTER TABLE entries ADD COLUMN entry_bytes INTEGER GENERATED ALWAYS AS (${ENTRY_BYTES_MYSQL}) VIRTUAL`,
        );
        await db.raw('CREATE INDEX entries_by_user_bytes ON entries (user_id, entry_bytes)');
      } else
        await db.raw(
          `CREATE INDEX entries_by_user_bytes ON entries (user_id, (${ENTRY_BYTES_SQLITE}))`,
        );
    },
    async down(db) {
      await db.schema.alterTable('entries', (table) => {
        table.dropIndex([], 'entries_by_user_bytes');
      });
      if (isMysql(db))
        await db.schema.alterTable('entries', (table) => {
          table.dropColumn('entry_bytes');
        });
    },
  },
  {
    // Imports (issue 24, decision 41). Every entry keeps `content_hash` (contentHash of title and
    // content; set on create and on edit); a row an import wrote, as it wrote it, has
    // `imported` = 1, and the unique `entries_import_key` lets only one such row exist per
    // journal, date and hash: two imports at once cannot both add it. Rows written by hand keep
    // `imported` NULL, which a unique index never compares, so the product's two identical
    // entries on one day stay allowed; its prefix (journal, date, hash) is also how an import
    // finds a hand-written twin. `import_id` names the import that wrote a row, so that import
    // can be undone alone. A journal an import made keeps `import_key` (the hash of its title)
    // until renamed: one per title and user, for the same reason.
    name: '004-import-keys',
    async up(db) {
      await db.schema.alterTable('entries', (table) => {
        table.specificType('content_hash', contentHashType(db)).notNullable().defaultTo('');
        table.boolean('imported').nullable();
        table.specificType('import_id', 'char(36)').nullable();
      });
      await db.schema.alterTable('journals', (table) => {
        table.specificType('import_key', contentHashType(db)).nullable();
        table.specificType('import_id', 'char(36)').nullable();
      });
      await backfillContentHash(db, 'entries', 'content_hash', ['title', 'content']);
      await db.schema.alterTable('entries', (table) => {
        table.unique(['journal_id', 'date', 'content_hash', 'imported'], {
          indexName: 'entries_import_key',
        });
        table.index(['import_id'], 'entries_by_import');
      });
      await db.schema.alterTable('journals', (table) => {
        table.unique(['user_id', 'import_key'], { indexName: 'journals_import_key' });
        table.index(['import_id'], 'journals_by_import');
      });
    },
    async down(db) {
      await db.schema.alterTable('entries', (table) => {
        table.dropUnique([], 'entries_import_key');
        table.dropIndex([], 'entries_by_import');
      });
      await db.schema.alterTable('journals', (table) => {
        table.dropUnique([], 'journals_import_key');
        table.dropIndex([], 'journals_by_import');
      });
      await db.schema.alterTable('entries', (table) => {
        table.dropColumns('content_hash', 'imported', 'import_id');
      });
      await db.schema.alterTable('journals', (table) => {
        table.dropColumns('import_key', 'import_id');
      });
    },
  },
  {
    // Tags, mood and star (issue 25, decision 45). An entry keeps its tags in order on its own
    // row (`tags`, space-separated: a tag has no space), so every read of entries has them
    // without a join; `entry_tags` repeats them one row per tag for the queries by tag. Its key
    // (user_id, tag, date, entry_seq) serves both "a user's tags with counts" (a GROUP BY on its
    // prefix) and "a tag's entries by date" (a keyset range); deleting an entry takes its tags
    // along (the foreign key). The defaults keep every older write path (imports) working.
    name: '005-tags-mood-starred',
    async up(db) {
      await db.schema.alterTable('entries', (table) => {
        table.string('tags', 700).notNullable().defaultTo('');
        table.tinyint('mood').nullable();
        table.boolean('starred').notNullable().defaultTo(false);
      });
      await db.schema.alterTable('entries', (table) => {
        table.index(['user_id', 'starred', 'date', 'seq'], 'entries_starred_by_user');
        table.index(['user_id', 'date', 'mood'], 'entries_mood_by_user');
      });
      await db.schema.createTable('entry_tags', (table) => {
        table.string('user_id', 64).notNullable();
        // Compared byte for byte on MySQL: "cafe" and "café" are two tags.
        if (isMysql(db))
          table
            .specificType('tag', 'varchar(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin')
            .notNullable();
        else table.string('tag', 32).notNullable();
        table.date('date').notNullable();
        table.integer('entry_seq').notNullable();
        table
          .specificType('entry_id', 'char(36)')
          .notNullable()
          .references('id')
          .inTable('entries')
          .onDelete('CASCADE');
        table.primary(['user_id', 'tag', 'date', 'entry_seq'], 'entry_tags_key');
        table.index(['entry_id'], 'entry_tags_by_entry');
      });
    },
    async down(db) {
      await db.schema.dropTableIfExists('entry_tags');
      await db.schema.alterTable('entries', (table) => {
        table.dropIndex([], 'entries_starred_by_user');
        table.dropIndex([], 'entries_mood_by_user');
      });
      await db.schema.alterTable('entries', (table) => {
        table.dropColumns('tags', 'mood', 'starred');
      });
    },
  },
  {
    // Entry history (issue 25, decision 46). A save that changes an entry's title or content
    // keeps what it replaces here: `saved_at` is when that text was saved, `replaced_at` when the
    // save replaced it (what the 90-day bound counts from), `size` its content's characters and
    // `size_change` what its own save changed. `bytes` (UTF-8 of title and content) is written
    // once, as versions never change, and summed from (user_id, bytes) alone for the account's
    // history budget; (user_id, seq) finds the account's oldest versions; (entry_id, seq) lists
    // and prunes one entry's. `entries.updated_at` is when an entry's text was last saved (NULL:
    // as created). Self-contained: it depends on no migration after 004.
    name: '006-entry-versions',
    async up(db) {
      await db.schema.alterTable('entries', (table) => {
        table.string('updated_at', 32).nullable();
      });
      await db.schema.createTable('entry_versions', (table) => {
        table.increments('seq');
        table.specificType('id', 'char(36)').notNullable().unique('entry_versions_id_unique');
        table
          .specificType('entry_id', 'char(36)')
          .notNullable()
          .references('id')
          .inTable('entries')
          .onDelete('CASCADE');
        table.string('user_id', 64).notNullable();
        table.string('title', 200).notNullable();
        table.text('content', 'mediumtext').notNullable();
        table.string('saved_at', 32).notNullable();
        table.string('replaced_at', 32).notNullable();
        table.integer('size').notNullable();
        table.integer('size_change').notNullable();
        table.integer('bytes').notNullable();
        table.index(['entry_id', 'seq'], 'entry_versions_by_entry');
        table.index(['user_id', 'seq'], 'entry_versions_by_user');
        table.index(['user_id', 'bytes'], 'entry_versions_by_user_bytes');
      });
    },
    async down(db) {
      await db.schema.dropTableIfExists('entry_versions');
      await db.schema.alterTable('entries', (table) => {
        table.dropColumn('updated_at');
      });
    },
  },
  {
    // Journal templates (issue 25): Markdown up to an entry's length, so MEDIUMTEXT as entries'
    // content. NULL and '' both mean none (a TEXT column takes no default on older MySQL).
    name: '007-journal-template',
    async up(db) {
      await db.schema.alterTable('journals', (table) => {
        table.text('template', 'mediumtext').nullable();
      });
    },
    async down(db) {
      await db.schema.alterTable('journals', (table) => {
        table.dropColumn('template');
      });
    },
  },
  {
    // Which stored files entries refer to (issue 26, decision 0049), as `entry_tags` repeats the
    // tags: one row per file an entry's current text names (`media:<id>`), with the entry's
    // journal, date and write order copied so the journal's Media view pages on
    // (journal_id, date, entry_seq, position) without reading `entries`, and media's sweep asks
    // "does anything of this user's name these ids?" on the key (user_id, media_id). `embedded`
    // is an image-style reference (`![..](media:..)`), `position` its order in the entry, so an
    // entry's first photo is one seek on (entry_id, position). Rewritten with the text on every
    // write (data/entry-media.ts); deleting an entry takes its rows along (the foreign key, and
    // each delete path says so itself).
    name: '008-entry-media',
    async up(db) {
      await db.schema.createTable('entry_media', (table) => {
        table.string('user_id', 64).notNullable();
        table.specificType('media_id', 'char(36)').notNullable();
        table.specificType('journal_id', 'char(36)').notNullable();
        table.date('date').notNullable();
        table.integer('entry_seq').notNullable();
        table
          .specificType('entry_id', 'char(36)')
          .notNullable()
          .references('id')
          .inTable('entries')
          .onDelete('CASCADE');
        table.boolean('embedded').notNullable();
        table.integer('position').notNullable();
        table.primary(['user_id', 'media_id', 'entry_seq'], 'entry_media_key');
        table.index(['journal_id', 'date', 'entry_seq', 'position'], 'entry_media_by_journal');
        table.index(['entry_id', 'position'], 'entry_media_by_entry');
      });
      // The entries written before this migration: their references, as a write would set them.
      await rewriteAllEntryMedia(db);
    },
    async down(db) {
      await db.schema.dropTableIfExists('entry_media');
    },
  },
];
