import { backfillContentHash, contentHashType, type Migration } from '@dayframe/service-kit/db';
import { createFullTextIndex, dropFullTextIndex } from '@dayframe/service-kit/search';
import { GOAL_SEARCH_INDEX } from './goal-search-repo.ts';

/**
 * `seq` orders goals written the same day; `id` is the random UUID the API shows. The two
 * indexes serve both the lists and the calendar window: active goals by due date, completed
 * goals by completion date, each within one user.
 */
export const migrations: Migration[] = [
  {
    name: '001-goals',
    async up(db) {
      await db.schema.createTable('goals', (table) => {
        table.increments('seq');
        table.specificType('id', 'char(36)').notNullable().unique('goals_id_unique');
        table.string('user_id', 64).notNullable();
        table.string('title', 200).notNullable();
        table.text('description').notNullable();
        table.boolean('completed').notNullable().defaultTo(false);
        table.date('date_set').notNullable();
        table.date('date_due').notNullable();
        table.date('date_complete').nullable();
        table.string('created_at', 32).notNullable();
        table.index(['user_id', 'completed', 'date_due', 'seq'], 'goals_by_user_due');
        table.index(['user_id', 'completed', 'date_complete', 'seq'], 'goals_by_user_completed');
      });
    },
    async down(db) {
      await db.schema.dropTableIfExists('goals');
    },
  },
  {
    // Search over titles and descriptions (FTS5 on SQLite, FULLTEXT on MySQL), filled from
    // the goals already set.
    name: '002-goal-search',
    up: (db) => createFullTextIndex(db, GOAL_SEARCH_INDEX),
    down: (db) => dropFullTextIndex(db, GOAL_SEARCH_INDEX),
  },
  {
    // Imports (issue 24, decision 41), as journals' entries: every goal keeps `content_hash`
    // (contentHash of title, description, set and due dates, set on create; nothing edits
    // them); a goal an import wrote has `imported` = 1, and the unique `goals_import_key` keeps
    // one such goal per user and hash, so two imports at once cannot both add it, while goals
    // set by hand (`imported` NULL) may repeat. Its (user, hash) prefix finds a twin set by
    // hand; `import_id` names the import that wrote a goal, so that import can be undone alone.
    name: '003-import-keys',
    async up(db) {
      await db.schema.alterTable('goals', (table) => {
        table.specificType('content_hash', contentHashType(db)).notNullable().defaultTo('');
        table.boolean('imported').nullable();
        table.specificType('import_id', 'char(36)').nullable();
      });
      await backfillContentHash(db, 'goals', 'content_hash', [
        'title',
        'description',
        'date_set',
        'date_due',
      ]);
      await db.schema.alterTable('goals', (table) => {
        table.unique(['user_id', 'content_hash', 'imported'], { indexName: 'goals_import_key' });
        table.index(['import_id'], 'goals_by_import');
      });
    },
    async down(db) {
      await db.schema.alterTable('goals', (table) => {
        table.dropUnique([], 'goals_import_key');
        table.dropIndex([], 'goals_by_import');
      });
      await db.schema.alterTable('goals', (table) => {
        table.dropColumns('content_hash', 'imported', 'import_id');
      });
    },
  },
];
