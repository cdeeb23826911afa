import type {
  EntrySummary,
  EntriesWindow,
  WritingWeek,
  EntriesExportPage,
  JournalsExport,
  JournalsImport,
  JournalsImportCounts,
} from '@dayframe/contracts';
import { systemClock, type Clock, type Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { RouteAuth, ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import { createContentService, type ContentService } from '@dayframe/service-kit/content';
import { migrations } from './data/migrations.ts';
import { deleteJournalsOf, userIdsAfter } from './data/journal-repo.ts';
import { journalRoutes } from './http/journal-routes.ts';
import { entryRoutes } from './http/entry-routes.ts';
import { versionRoutes } from './http/version-routes.ts';
import { insightsRoutes } from './http/insights-routes.ts';
import { entryListRoutes, tagRoutes } from './http/tag-routes.ts';
import { internalRoutes } from './http/internal-routes.ts';
import { journalMediaRoutes, mediaReferenceRoutes } from './http/media-routes.ts';
import { referencedMedia } from './journal-media.ts';
import { writtenOnRoutes } from './http/reminder-routes.ts';
import { wroteOn } from './written-on.ts';
import { entrySummaries } from './entry-summaries.ts';
import { writingWeek } from './writing-week.ts';
import {
  exportEntries,
  exportJournals,
  importJournals,
  undoJournalsImport,
  type ImportStep,
} from './archive-part.ts';
import { searchEntries } from './search-entries.ts';
import { entriesBetween } from './calendar-entries.ts';
import { JOURNALS_QUOTAS, type JournalsQuotas } from './quotas.ts';
import type { JournalsScope } from './scope.ts';

export type JournalsDeps = {
  db: Knex;
  tokens: Tokens;
  checkSession: SessionCheck;
  /** The deployment's service-token key: checks the tokens on its `/internal/*` calls. */
  serviceKey: ServiceKey;
  log: Logger;
  clock?: Clock;
  /** Per-user limits; JOURNALS_QUOTAS unless lowered (tests). */
  quotas?: Partial<JournalsQuotas>;
};

/** Also an `AccountDataOwner`: its rows follow the accounts (see keepAccountDataInStep). */
export type Journals = ContentService & {
  /** The calendar's window of entries, for the in-process calendar source (embedded topology). */
  entriesBetween(userId: string, from: string, to: string): Promise<EntriesWindow>;
  /** Its part of an export, for the in-process archive source (embedded topology): the journals, */
  exportJournals(userId: string): Promise<JournalsExport>;
  /** ... and their entries, a page at a time (see exportEntries). */
  exportEntries(
    userId: string,
    page: { journalId: string; from?: string; to?: string; after?: string; limit: number },
  ): Promise<EntriesExportPage>;
  /**
   * Adds its part of an import, already validated by the archive (see importJournals): `dryRun`
   * only checks; a commit writes under the archive's `importId`, ...
   */
  importJournals(
    userId: string,
    part: JournalsImport,
    step: ImportStep,
  ): Promise<JournalsImportCounts>;
  /** ... which takes it back when the other part failed (see undoJournalsImport). */
  undoJournalsImport(userId: string, importId: string): Promise<{ removed: number }>;
  /** Which of `ids` the user's entries refer to, for the in-process media sweep (decision 0049). */
  referencedMedia(userId: string, ids: string[]): Promise<string[]>;
  /** Whether the user has an entry dated `date`, for the in-process reminders (decision 0051). */
  wroteOn(userId: string, date: string): Promise<boolean>;
  /** What a revisit reminder quotes of the user's entries `ids`, for the in-process reminders. */
  entrySummaries(userId: string, ids: string[]): Promise<EntrySummary[]>;
  /** Entries written in a window and the streak on `today`, for the in-process weekly digest. */
  writingWeek(
    userId: string,
    window: { from: string; to: string; today: string },
  ): Promise<WritingWeek>;
};

/** The journals service, the same in the gateway's process or its own. */
export function createJournals(deps: JournalsDeps): Journals {
  const scope: JournalsScope = {
    db: deps.db,
    clock: deps.clock ?? systemClock,
    quotas: { ...JOURNALS_QUOTAS, ...deps.quotas },
  };
  const auth: RouteAuth = { tokens: deps.tokens, checkSession: deps.checkSession };
  const service = createContentService({
    name: 'journals',
    db: deps.db,
    log: deps.log,
    auth,
    serviceKey: deps.serviceKey,
    migrations,
    routers: [
      journalRoutes(scope, auth),
      entryRoutes(scope, auth),
      tagRoutes(scope, auth),
      entryListRoutes(scope, auth),
      versionRoutes(scope, auth),
      insightsRoutes(scope, auth),
      journalMediaRoutes(scope, auth),
      mediaReferenceRoutes(scope),
      writtenOnRoutes(scope),
    ],
    search: {
      path: '/api/search/entries',
      find: (userId, query) => searchEntries(scope, userId, query),
    },
    internals: internalRoutes(scope),
    userRows: { deleteOf: deleteJournalsOf, userIdsAfter },
  });
  return {
    ...service,
    entriesBetween: (userId, from, to) => entriesBetween(scope, userId, from, to),
    exportJournals: (userId) => exportJournals(scope, userId),
    exportEntries: (userId, page) => exportEntries(scope, userId, page),
    importJournals: (userId, part, step) => importJournals(scope, userId, part, step),
    undoJournalsImport: (userId, importId) => undoJournalsImport(scope, userId, importId),
    referencedMedia: (userId, ids) => referencedMedia(scope, userId, ids),
    wroteOn: (userId, date) => wroteOn(scope, userId, date),
    entrySummaries: (userId, ids) => entrySummaries(scope, userId, ids),
    writingWeek: (userId, window) => writingWeek(scope, userId, window),
  };
}
