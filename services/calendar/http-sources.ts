import { entriesWindow, goalsWindow } from '@dayframe/contracts';
import { internalClient } from '@dayframe/service-kit/http';
import { serviceCaller, type ServiceKey } from '@dayframe/service-kit/tokens';
import { notHere, type CalendarSources, type WindowAsk } from './calendar-sources.ts';

/** How long the calendar waits for a source before answering without it. */
export const SOURCE_TIMEOUT_MS = 1_500;

/**
 * The sources in the distributed topology: each owner's `GET /internal/calendar-window` with
 * the caller's token and the calendar's service token (`serviceKey`). A source that is down, slow (past `timeoutMs`) or answers anything but a
 * well-formed 200 rejects, and the calendar answers without that part. A part without a URL is
 * not reachable over HTTP from here (answered as missing).
 */
export function httpSources(options: {
  journalsUrl?: string;
  goalsUrl?: string;
  serviceKey: ServiceKey;
  timeoutMs?: number;
}): CalendarSources {
  const caller = serviceCaller(options.serviceKey, 'calendar');
  const owner = (name: string, url: string | undefined) =>
    url
      ? internalClient(url, {
          name,
          caller,
          deadlineMs: options.timeoutMs ?? SOURCE_TIMEOUT_MS,
          connections: 32,
        })
      : null;
  const journals = owner('journals', options.journalsUrl);
  const goals = owner('goals', options.goalsUrl);
  const windowCall = ({ from, to, token, requestId }: WindowAsk) => ({
    path: `/internal/calendar-window?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    token,
    requestId,
  });
  return {
    entriesBetween: journals
      ? (ask) => journals.call(windowCall(ask), entriesWindow)
      : notHere('entries'),
    goalsBetween: goals ? (ask) => goals.call(windowCall(ask), goalsWindow) : notHere('goals'),
    ready: {
      entries: journals ? () => journals.ready() : notHere('entries'),
      goals: goals ? () => goals.ready() : notHere('goals'),
    },
    async close() {
      await Promise.all([journals?.close(), goals?.close()]);
    },
  };
}
