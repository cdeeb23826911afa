import {
  entriesExportPage,
  goalsExportPage,
  goalsImportCounts,
  importUndone,
  journalsExport,
  journalsImportCounts,
  mediaExport,
  mediaImportChecked,
  exportedSignIn,
} from '@dayframe/contracts';
import {
  internalClient,
  ServiceUnreachable,
  type InternalCall,
  type InternalClient,
} from '@dayframe/service-kit/http';
import { serviceCaller, type ServiceKey } from '@dayframe/service-kit/tokens';
import type { z } from 'zod';
import {
  SourceDown,
  type ArchiveAsk,
  type ArchiveSources,
  type ImportStep,
} from './archive-sources.ts';
import { downloadMedia, uploadMedia } from './media-http.ts';

/** How long the archive waits for one answer of an owner (a page, or a whole import part). */
export const ARCHIVE_SOURCE_TIMEOUT_MS = 60_000;

/** A page's query string: only what is set. */
function pageQuery(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) query.set(name, String(value));
  return query.size ? `?${query}` : '';
}

/**
 * One call to an owner with the caller's token. The owner's own 4xx (a quota, a bad value)
 * comes back as the same HttpError; anything else (down, timeout, 5xx, a malformed answer) is
 * a SourceDown, which the archive answers 503.
 */
async function ask<T extends z.ZodType>(
  part: string,
  owner: InternalClient | null,
  request: InternalCall,
  who: ArchiveAsk,
  schema: T,
): Promise<z.output<T>> {
  if (!owner) throw new SourceDown(part, new Error('no URL configured'));
  try {
    return await owner.call({ ...request, token: who.token, requestId: who.requestId }, schema);
  } catch (error) {
    throw error instanceof ServiceUnreachable ? new SourceDown(part, error.cause) : error;
  }
}

/**
 * The sources in the distributed topology: each owner's `/internal/export` and `/internal/import`
 * (journals, goals, media) and identity's `/internal/export/sign-in`,
 * called with the archive's service token (`serviceKey`).
 */
export function httpSources(options: {
  journalsUrl?: string;
  goalsUrl?: string;
  mediaUrl?: string;
  /** Identity, for which sign-in methods the account has on (`account.signIn`). */
  identityUrl?: string;
  serviceKey: ServiceKey;
  timeoutMs?: number;
}): ArchiveSources {
  const caller = serviceCaller(options.serviceKey, 'archive');
  const owner = (name: string, url: string | undefined) =>
    url
      ? internalClient(url, {
          name,
          caller,
          deadlineMs: options.timeoutMs ?? ARCHIVE_SOURCE_TIMEOUT_MS,
        })
      : null;
  const journals = owner('journals', options.journalsUrl);
  const goals = owner('goals', options.goalsUrl);
  const media = owner('media', options.mediaUrl);
  const identity = owner('identity', options.identityUrl);
  const timeoutMs = options.timeoutMs ?? ARCHIVE_SOURCE_TIMEOUT_MS;
  const mediaLink = () => {
    if (!options.mediaUrl) throw new SourceDown('media', new Error('no URL configured'));
    return { url: options.mediaUrl, caller, timeoutMs };
  };
  const importPath = (step: ImportStep) =>
    `/internal/import?${step.dryRun ? 'dryRun=1' : `importId=${step.importId}`}`;
  const undo = (importId: string) => ({
    method: 'DELETE' as const,
    path: `/internal/import/${encodeURIComponent(importId)}`,
  });
  return {
    exportJournals: (who) =>
      ask('journals', journals, { path: '/internal/export' }, who, journalsExport),
    exportEntries(who, page) {
      const path = `/internal/export/entries${pageQuery({ journal: page.journalId, from: page.from, to: page.to, after: page.after, limit: page.limit })}`;
      return ask('journals', journals, { path }, who, entriesExportPage);
    },
    exportGoals(who, page) {
      const path = `/internal/export${pageQuery({ after: page.after, limit: page.limit })}`;
      return ask('goals', goals, { path }, who, goalsExportPage);
    },
    importJournals: (who, part, step) =>
      ask(
        'journals',
        journals,
        { method: 'POST', path: importPath(step), body: part },
        who,
        journalsImportCounts,
      ),
    importGoals: (who, part, step) =>
      ask(
        'goals',
        goals,
        { method: 'POST', path: importPath(step), body: part },
        who,
        goalsImportCounts,
      ),
    undoJournalsImport: (who, importId) =>
      ask('journals', journals, undo(importId), who, importUndone),
    undoGoalsImport: (who, importId) => ask('goals', goals, undo(importId), who, importUndone),
    exportMedia: (who) => ask('media', media, { path: '/internal/export' }, who, mediaExport),
    openMedia: async (who, id) => downloadMedia(mediaLink(), who, id),
    checkMediaImport: (who, check) =>
      ask(
        'media',
        media,
        { method: 'POST', path: '/internal/import/check', body: check },
        who,
        mediaImportChecked,
      ),
    importMedia: async (who, upload) => uploadMedia(mediaLink(), who, upload),
    exportSignIn: (who) =>
      ask('identity', identity, { path: '/internal/export/sign-in' }, who, exportedSignIn),
    // The owners this source is given a URL for: the embedded app asks the owners mounted
    // elsewhere only (a call to one without a URL still fails, as a SourceDown).
    ready: async () => {
      await Promise.all([journals, goals, media, identity].map((client) => client?.ready()));
    },
    async close() {
      await Promise.all([journals?.close(), goals?.close(), media?.close(), identity?.close()]);
    },
  };
}
