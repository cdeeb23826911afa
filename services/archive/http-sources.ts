import { Pool } from 'undici';
import {
  entriesExportPage,
  errorBody,
  goalsExportPage,
  goalsImportCounts,
  journalsExport,
  journalsImportCounts,
} from '@dayframe/contracts';
import { HttpError } from '@dayframe/service-kit/http';
import type { z } from 'zod';
import { SourceDown, type ArchiveAsk, type ArchiveSources } from './archive-sources.ts';

/** How long the archive waits for one answer of an owner (a page, or a whole import part). */
export const ARCHIVE_SOURCE_TIMEOUT_MS = 60_000;

/** A page's query string: only what is set. */
function pageQuery(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) query.set(name, String(value));
  return query.size ? `?${query}` : '';
}

function ownerPool(baseUrl: string, timeoutMs: number) {
  return new Pool(new URL(baseUrl).origin, {
    connections: 8,
    keepAliveTimeout: 30_000,
    connect: { timeout: Math.min(2_000, timeoutMs) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

/**
 * One call to an owner with the caller's token. The owner's own 4xx (a quota, a bad value)
 * comes back as the same HttpError; anything else (down, timeout, 5xx, a malformed answer) is
 * a SourceDown, which the archive answers 503.
 */
async function ask<T extends z.ZodType>(
  part: string,
  pool: Pool | null,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown },
  who: ArchiveAsk,
  schema: T,
  timeoutMs: number,
): Promise<z.output<T>> {
  if (!pool) throw new SourceDown(part, new Error('no URL configured'));
  const headers: Record<string, string> = { authorization: `Bearer ${who.token}` };
  if (who.requestId) headers['x-request-id'] = who.requestId;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let status: number;
  let body: unknown;
  try {
    const response = await pool.request({
      path: request.path,
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.statusCode;
    body = await response.body.json().catch(() => null);
  } catch (error) {
    throw new SourceDown(part, error);
  }
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    const refused = errorBody.safeParse(body);
    if (refused.success) throw new HttpError(status, refused.data.message, refused.data.code);
  }
  const parsed = status === 200 ? schema.safeParse(body) : null;
  if (!parsed?.success) throw new SourceDown(part, new Error(`${request.path} answered ${status}`));
  return parsed.data;
}

async function probe(pool: Pool | null): Promise<void> {
  if (!pool) throw new Error('no URL configured');
  const response = await pool.request({
    path: '/readyz',
    method: 'GET',
    signal: AbortSignal.timeout(2_000),
  });
  await response.body.dump();
  if (response.statusCode !== 200) throw new Error(`not ready (${response.statusCode})`);
}

/** The sources in the distributed topology: each owner's `/internal/export` and `/internal/import`. */
export function httpSources(options: {
  journalsUrl?: string;
  goalsUrl?: string;
  timeoutMs?: number;
}): ArchiveSources {
  const timeoutMs = options.timeoutMs ?? ARCHIVE_SOURCE_TIMEOUT_MS;
  const journals = options.journalsUrl ? ownerPool(options.journalsUrl, timeoutMs) : null;
  const goals = options.goalsUrl ? ownerPool(options.goalsUrl, timeoutMs) : null;
  const importPath = (dryRun: boolean) => `/internal/import${dryRun ? '?dryRun=1' : ''}`;
  return {
    exportJournals: (who) =>
      ask(
        'journals',
        journals,
        { method: 'GET', path: '/internal/export' },
        who,
        journalsExport,
        timeoutMs,
      ),
    exportEntries(who, page) {
      const path = `/internal/export/entries${pageQuery({ journal: page.journalId, from: page.from, to: page.to, after: page.after, limit: page.limit })}`;
      return ask('journals', journals, { method: 'GET', path }, who, entriesExportPage, timeoutMs);
    },
    exportGoals(who, page) {
      const path = `/internal/export${pageQuery({ after: page.after, limit: page.limit })}`;
      return ask('goals', goals, { method: 'GET', path }, who, goalsExportPage, timeoutMs);
    },
    importJournals: (who, part, { dryRun }) =>
      ask(
        'journals',
        journals,
        { method: 'POST', path: importPath(dryRun), body: part },
        who,
        journalsImportCounts,
        timeoutMs,
      ),
    importGoals: (who, part, { dryRun }) =>
      ask(
        'goals',
        goals,
        { method: 'POST', path: importPath(dryRun), body: part },
        who,
        goalsImportCounts,
        timeoutMs,
      ),
    ready: async () => {
      await Promise.all([probe(journals), probe(goals)]);
    },
    async close() {
      await Promise.all([journals?.close(), goals?.close()]);
    },
  };
}
