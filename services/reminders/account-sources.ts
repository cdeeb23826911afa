import {
  completedGoalsCountResponse,
  dueGoalsResponse,
  entrySummariesResponse,
  mailAddressResponse,
  writingWeekResponse,
  writtenOnResponse,
  type DueGoal,
  type EntrySummary,
  type WritingWeek,
} from '@dayframe/contracts';
import { internalClient } from '@dayframe/service-kit/http';
import type { ServiceCaller } from '@dayframe/service-kit/tokens';

/** A window of local days, both included (`YYYY-MM-DD`). */
export type LocalDays = { from: string; to: string };

/**
 * What reminders asks the services that own the answers: identity where a reminder is mailed,
 * journals whether the person wrote that day, how a week went and what a revisit quotes of an
 * entry, goals which are due or were completed. By a function call when they are mounted in the
 * same process, over their internal endpoints otherwise. Each throws when it cannot say, so a
 * reminder is retried rather than sent on a guess.
 */
export type ReminderSources = {
  /** The account's verified address and name, or null (gone, or not verified). */
  mailAddress(userId: string): Promise<{ email: string; name: string } | null>;
  /** Whether the account has an entry dated `localDate` (`YYYY-MM-DD`). */
  wroteOn(userId: string, localDate: string): Promise<boolean>;
  /**
   * Title, date and opening of those of `ids` that are the account's entries; deleted ones and
   * other people's are left out (a revisit's check that its entry is the person's, too).
   */
  entrySummaries(userId: string, ids: string[]): Promise<EntrySummary[]>;
  /** Entries dated in the window, and the writing streak as it stands on `today`. */
  writingWeek(userId: string, window: LocalDays & { today: string }): Promise<WritingWeek>;
  /** The open goals due in the window, soonest first. */
  openGoalsDue(userId: string, window: LocalDays): Promise<DueGoal[]>;
  /** How many goals were completed in the window. */
  goalsCompletedCount(userId: string, window: LocalDays): Promise<number>;
  close?(): Promise<void>;
};

/** Identity's, journals' and goals' answers over HTTP, with reminders' service token. */
export function remoteReminderSources(options: {
  identityUrl: string;
  journalsUrl: string;
  goalsUrl: string;
  caller: ServiceCaller;
}): Required<ReminderSources> {
  const identity = internalClient(options.identityUrl, {
    name: 'identity',
    caller: options.caller,
    deadlineMs: 10_000,
    connections: 2,
  });
  const journals = internalClient(options.journalsUrl, {
    name: 'journals',
    caller: options.caller,
    deadlineMs: 10_000,
    connections: 2,
  });
  const goals = internalClient(options.goalsUrl, {
    name: 'goals',
    caller: options.caller,
    deadlineMs: 10_000,
    connections: 2,
  });
  return {
    async mailAddress(userId) {
      const { address } = await identity.call(
        { method: 'POST', path: '/internal/users/mail-address', body: { userId } },
        mailAddressResponse,
      );
      return address;
    },
    async wroteOn(userId, localDate) {
      const { written } = await journals.call(
        { method: 'POST', path: '/internal/entries/written-on', body: { userId, date: localDate } },
        writtenOnResponse,
      );
      return written;
    },
    async entrySummaries(userId, ids) {
      const { entries } = await journals.call(
        { method: 'POST', path: '/internal/entries/summaries', body: { userId, ids } },
        entrySummariesResponse,
      );
      return entries;
    },
    writingWeek: (userId, window) =>
      journals.call(
        { method: 'POST', path: '/internal/entries/week', body: { userId, ...window } },
        writingWeekResponse,
      ),
    async openGoalsDue(userId, window) {
      const answer = await goals.call(
        { method: 'POST', path: '/internal/goals/due', body: { userId, ...window } },
        dueGoalsResponse,
      );
      return answer.goals;
    },
    async goalsCompletedCount(userId, window) {
      const { count } = await goals.call(
        { method: 'POST', path: '/internal/goals/completed-count', body: { userId, ...window } },
        completedGoalsCountResponse,
      );
      return count;
    },
    async close() {
      await identity.close();
      await journals.close();
      await goals.close();
    },
  };
}
