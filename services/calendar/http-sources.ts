import { Pool } from 'undici';
import { entriesWindow, goalsWindow } from '@dayframe/contracts';
import { notHere, type CalendarSources, type WindowAsk } from './calendar-sources.ts';

/** How long the calendar waits for a source before answering without it. */
export const SOURCE_TIMEOUT_MS = 1_500;

/** A keep-alive pool to one service, with every wait bounded by `timeoutMs`. */
function sourcePool(baseUrl: string, timeoutMs: number) {
  return new Pool(new URL(baseUrl).origin, {
    connections: 32,
    keepAliveTimeout: 30_000,
    connect: { timeout: Math.min(1_000, timeoutMs) },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

async function getJson(pool: Pool, path: string, ask: WindowAsk, timeoutMs: number) {
  const headers: Record<string, string> = { authorization: `Bearer ${ask.token}` };
  if (ask.requestId) headers['x-request-id'] = ask.requestId;
  const response = await pool.request({
    path,
    method: 'GET',
    headers,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`${path} answered ${response.statusCode}`);
  }
  return response.body.json();
}

async function probe(pool: Pool, timeoutMs: number): Promise<void> {
  const response = await pool.request({
    path: '/readyz',
    method: 'GET',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body.dump();
  if (response.statusCode !== 200) throw new Error(`not ready (${response.statusCode})`);
}

/**
 * The sources in the distributed topology: each owner's `GET /internal/calendar-window` over a
 * keep-alive pool, with the caller's token. A source that is down, slow (past `timeoutMs`) or
 * answers anything but a well-formed 200 rejects, and the calendar answers without that part.
 * A part without a URL is not reachable over HTTP from here (answered as missing).
 */
export function httpSources(options: {
  journalsUrl?: string;
  goalsUrl?: string;
  timeoutMs?: number;
}): CalendarSources {
  const timeoutMs = options.timeoutMs ?? SOURCE_TIMEOUT_MS;
  const journals = options.journalsUrl ? sourcePool(options.journalsUrl, timeoutMs) : null;
  const goals = options.goalsUrl ? sourcePool(options.goalsUrl, timeoutMs) : null;
  const windowPath = ({ from, to }: WindowAsk) =>
    `/internal/calendar-window?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  return {
    entriesBetween: journals
      ? async (ask) =>
          entriesWindow.parse(await getJson(journals, windowPath(ask), ask, timeoutMs)).entries
      : notHere('entries'),
    goalsBetween: goals
      ? async (ask) => goalsWindow.parse(await getJson(goals, windowPath(ask), ask, timeoutMs))
      : notHere('goals'),
    ready: {
      entries: journals ? () => probe(journals, timeoutMs) : notHere('entries'),
      goals: goals ? () => probe(goals, timeoutMs) : notHere('goals'),
    },
    async close() {
      await Promise.all([journals?.close(), goals?.close()]);
    },
  };
}
