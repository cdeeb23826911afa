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
  return { ...started, journals: started.service };
}
