import { silentLogger, type Knex } from '@dayframe/service-kit';
import {
  apiClient,
  listen,
  openTestDatabase,
  testSessions,
  type ApiClient,
  type DatabaseKind,
  type OpenTestDatabase,
} from '@dayframe/test-kit';
import { createJournals, type Journals, type JournalsQuotas } from './mod.ts';

/** The journals service over real HTTP on a fresh database of `kind`, for one test file. */
export type JournalsTestApp = {
  api: ApiClient;
  db: Knex;
  sessions: ReturnType<typeof testSessions>;
  journals: Journals;
  close(): Promise<void>;
};

export async function startJournalsTestApp(
  kind: DatabaseKind,
  options: { quotas?: Partial<JournalsQuotas> } = {},
): Promise<JournalsTestApp> {
  const database: OpenTestDatabase = await openTestDatabase(kind);
  const sessions = testSessions();
  const journals = createJournals({
    db: database.db,
    tokens: sessions.tokens,
    checkSession: sessions.checkSession,
    log: silentLogger(),
    quotas: options.quotas,
  });
  await journals.migrate();
  const server = await listen(journals.app.callback());
  return {
    api: apiClient(server.url),
    db: database.db,
    sessions,
    journals,
    async close() {
      await server.close();
      await database.close();
    },
  };
}
