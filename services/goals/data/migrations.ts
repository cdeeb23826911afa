import type { Migration } from '@dayframe/service-kit/db';
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
];
