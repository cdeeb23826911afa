import { expect } from 'vitest';
import { entry } from '@dayframe/contracts';
import { startServiceTestApp, type DatabaseKind } from '@dayframe/test-kit';
import { createJournals, type JournalsQuotas } from './mod.ts';

/** The journals service over real HTTP on a fresh database of `kind`, for one test file. */
export type JournalsTestApp = Awaited<ReturnType<typeof startJournalsTestApp>>;

export async function startJournalsTestApp(
  kind: DatabaseKind,
  options: { quotas?: Partial<JournalsQuotas> } = {},
) {
  const started = await startServiceTestApp(kind, (parts) =>
    createJournals({ ...parts, quotas: options.quotas }),
  );
  const { api } = started;
  return {
    ...started,
    journals: started.service,
    /** A new journal of `token`'s user, made over HTTP: its id. */
    async newJournal(token: string, title = 'Journal'): Promise<string> {
      const response = await api.call('POST', '/api/journals', { token, body: { title } });
      expect(response.status).toBe(201);
      return response.body._id;
    },
    /** A new entry in `journalId`, made over HTTP, as the API answered it. */
    async addEntry(token: string, journalId: string, body: Record<string, unknown>) {
      const response = await api.call('POST', `/api/entry/${journalId}`, { token, body });
      expect(response.status, response.text).toBe(201);
      return entry.parse(response.body);
    },
  };
}
