import { MEDIA_REFERENCED_MAX, mediaReferencedResponse } from '@dayframe/contracts';
import {
  scheduleSweep,
  type ScheduledSweep,
  type SweepSchedule,
} from '@dayframe/service-kit/events';
import { internalClient, type Logger } from '@dayframe/service-kit/http';
import type { ServiceCaller } from '@dayframe/service-kit/tokens';
import { deleteMediaRows, userIdsAfter } from './data/media-repo.ts';
import { mediaOlderThan } from './data/unreferenced-repo.ts';
import { keysOf } from './storage-keys.ts';
import type { MediaScope } from './scope.ts';

/**
 * A file no entry refers to is deleted once it is this old (decision 0049): a day is time enough
 * to upload a photo and save the entry that shows it, even on a draft left open overnight.
 */
export const UNREFERENCED_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Which of a user's files some entry's current text refers to: journals answers, by a function
 * call in its process or `POST /internal/media/referenced` from another. Throws when it cannot
 * say, so the sweep never mistakes "journals is down" for "nothing refers to them".
 */
export type MediaReferences = {
  referenced(userId: string, ids: string[]): Promise<Set<string>>;
  close?(): Promise<void>;
};

/** Journals' answer over HTTP, with media's service token (distributed topology). */
export function remoteMediaReferences(
  journalsUrl: string,
  caller: ServiceCaller,
): Required<MediaReferences> {
  const journals = internalClient(journalsUrl, {
    name: 'journals',
    caller,
    deadlineMs: 10_000,
    connections: 2,
  });
  return {
    async referenced(userId, ids) {
      const { referenced } = await journals.call(
        { method: 'POST', path: '/internal/media/referenced', body: { userId, ids } },
        mediaReferencedResponse,
      );
      return new Set(referenced);
    },
    close: () => journals.close(),
  };
}

/**
 * One sweep: each user's files created more than `UNREFERENCED_GRACE_MS` ago are asked about in
 * batches, and those no entry refers to are deleted, bytes then row (as `deleteMedia` does).
 * The first batch journals cannot answer ends the sweep, having deleted nothing of it.
 */
export async function sweepUnreferencedMedia(
  scope: MediaScope,
  references: MediaReferences,
  stopped: () => boolean = () => false,
): Promise<{ checked: number; deleted: number }> {
  const before = new Date(scope.clock.now() - UNREFERENCED_GRACE_MS).toISOString();
  let checked = 0;
  let deleted = 0;
  let afterUser = '';
  for (;;) {
    const users = await userIdsAfter(scope.db, afterUser, 200);
    if (users.length === 0 || stopped()) break;
    for (const userId of users) {
      let afterSeq = 0;
      for (;;) {
        const old = await mediaOlderThan(scope.db, userId, before, afterSeq, MEDIA_REFERENCED_MAX);
        if (old.length === 0) break;
        const kept = await references.referenced(
          userId,
          old.map((media) => media.id),
        );
        const unreferenced = old.filter((media) => !kept.has(media.id));
        await Promise.all(unreferenced.flatMap(keysOf).map((key) => scope.storage.delete(key)));
        await deleteMediaRows(
          scope.db,
          userId,
          unreferenced.map((media) => media.id),
        );
        checked += old.length;
        deleted += unreferenced.length;
        afterSeq = old.at(-1)!.seq;
        if (old.length < MEDIA_REFERENCED_MAX) break;
      }
    }
    afterUser = users.at(-1)!;
  }
  return { checked, deleted };
}

/** The sweep every `schedule.everyMs` (hourly), a failure logged and tried at the next run. */
export function keepUnreferencedMediaSwept(
  scope: MediaScope,
  references: MediaReferences,
  schedule: SweepSchedule,
  log: Logger,
): ScheduledSweep<{ checked: number; deleted: number }> {
  return scheduleSweep({
    what: 'sweep of unreferenced files',
    schedule,
    log,
    async run(stopped) {
      const outcome = await sweepUnreferencedMedia(scope, references, stopped);
      if (outcome.deleted) log.info(outcome, 'sweep deleted files no entry refers to');
      return outcome;
    },
  });
}
