import { silentLogger, type Knex } from '@dayframe/service-kit';
import {
  apiClient,
  listen,
  openTestDatabase,
  testSessions,
  type ApiClient,
  type DatabaseKind,
} from '@dayframe/test-kit';
import { createGoals, type GoalsQuotas } from './mod.ts';

/** The goals service over real HTTP on a fresh database of `kind`, for one test file. */
export type GoalsTestApp = {
  api: ApiClient;
  db: Knex;
  close(): Promise<void>;
};

/** `sessions` may be the test file's own, when it makes its users before the app starts. */
export async function startGoalsTestApp(
  kind: DatabaseKind,
  options: { quotas?: Partial<GoalsQuotas>; sessions?: ReturnType<typeof testSessions> } = {},
): Promise<GoalsTestApp> {
  const database = await openTestDatabase(kind);
  const sessions = options.sessions ?? testSessions();
  const goals = createGoals({
    db: database.db,
    tokens: sessions.tokens,
    checkSession: sessions.checkSession,
    log: silentLogger(),
    quotas: options.quotas,
  });
  await goals.migrate();
  const server = await listen(goals.app.callback());
  return {
    api: apiClient(server.url),
    db: database.db,
    async close() {
      await server.close();
      await database.close();
    },
  };
}
