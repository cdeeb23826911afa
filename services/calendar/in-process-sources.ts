import type { EntriesWindow, GoalsWindow } from '@dayframe/contracts';
import { notHere, type CalendarSources } from './calendar-sources.ts';

/**
 * The sources in the embedded topology: plain function calls into the journals and goals
 * modules mounted in the same process. The composition root hands the functions in, so the
 * calendar never imports those modules. The session was already checked by the calendar's own
 * `authenticate`, in this same process, so the user id is enough here. A part left out is not
 * mounted here (answered as missing); `pickSources` takes it from another implementation.
 */
export function inProcessSources(owners: {
  entriesBetween?: (userId: string, from: string, to: string) => Promise<EntriesWindow>;
  goalsBetween?: (userId: string, from: string, to: string) => Promise<GoalsWindow>;
  /** Rejects when the owners' database cannot answer. */
  ready: () => Promise<void>;
}): CalendarSources {
  const { entriesBetween, goalsBetween, ready } = owners;
  return {
    entriesBetween: entriesBetween
      ? ({ userId, from, to }) => entriesBetween(userId, from, to)
      : notHere('entries'),
    goalsBetween: goalsBetween
      ? ({ userId, from, to }) => goalsBetween(userId, from, to)
      : notHere('goals'),
    ready: {
      entries: entriesBetween ? ready : notHere('entries'),
      goals: goalsBetween ? ready : notHere('goals'),
    },
    close: async () => undefined,
  };
}
