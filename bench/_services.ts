// Journals and goals on one database, as the embedded topology runs them, for the benches that
// seed rows straight into their tables and measure what is built on them.
import { createGoals } from '@dayframe/goals';
import { createJournals } from '@dayframe/journals';
import type { Knex } from '@dayframe/service-kit/db';
import { serviceTestParts, testSessions } from '@dayframe/test-kit';

/** Both services migrated on `db`, with the parts they were made of and their test sessions. */
export async function contentServices(db: Knex) {
  const sessions = testSessions();
  const deps = serviceTestParts(db, sessions);
  const journals = createJournals(deps);
  const goals = createGoals(deps);
  await journals.migrate();
  await goals.migrate();
  return { sessions, deps, journals, goals };
}
