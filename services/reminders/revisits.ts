import { randomUUID } from 'node:crypto';
import type { ReminderSettings, Revisit, RevisitRequest } from '@dayframe/contracts';
import { badRequest, notFound } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import { findSettings } from './data/settings-repo.ts';
import {
  deleteRevisit,
  findPendingRevisit,
  moveRevisit,
  pendingRevisitsOf,
  saveRevisit,
  type StoredRevisit,
} from './data/revisits-repo.ts';
import { instantOf, localDateAt } from './schedule/local-time.ts';
import { addDays } from './schedule/calendar-days.ts';
import { findDelivery } from './data/deliveries-repo.ts';
import type { RemindersScope } from './scope.ts';

/** How far ahead a revisit may be set: "in a year" and then some, not forever. */
export const REVISIT_YEARS_AHEAD = 10;

/**
 * When a revisit fires: the daily reminder's time on its day, in the account's zone (the time
 * is kept when the daily reminder is off: it is the account's "reminder time").
 */
export function revisitFiresAt(settings: ReminderSettings, on: string): number {
  return instantOf(on, settings.daily.time, settings.timeZone).getTime();
}

const answer = (revisit: StoredRevisit): Revisit => ({
  id: revisit.id,
  entryId: revisit.entryId,
  on: revisit.on,
});

/**
 * `POST /api/reminders/revisit`: "Remind me about this entry" on `on`, a local day from today
 * (in the account's zone) to 10 years on. The entry must be the person's (journals says so); a
 * revisit already set for it is replaced.
 */
export async function setRevisit(
  scope: RemindersScope,
  userId: string,
  request: RevisitRequest,
): Promise<Revisit> {
  const settings = await findSettings(scope.db, userId);
  const now = scope.clock.now();
  const today = localDateAt(new Date(now), settings.timeZone);
  checkRevisitDay(request.on, today);
  // A day's revisits go out in one delivery, kept once in the ledger: once today's went, a
  // revisit for today would never be sent, so it is refused rather than silently kept.
  if (
    request.on === today &&
    (await findDelivery(scope.db, { userId, kind: 'revisit', localDate: today }))
  )
    throw badRequest(
      `on must be after today (${today}): today's revisit reminders have already been sent`,
      'validation_failed',
    );
  const [entry] = await scope.sources.entrySummaries(userId, [request.entryId]);
  if (!entry) throw notFound('Entry not found', 'entry_not_found');
  const revisit: StoredRevisit = {
    id: randomUUID(),
    userId,
    entryId: entry.id,
    on: request.on,
    fireAt: revisitFiresAt(settings, request.on),
  };
  await saveRevisit(scope.db, revisit, now);
  return answer(revisit);
}

function checkRevisitDay(on: string, today: string): void {
  // The pattern let through `2026-02-30`; a day that round-trips through `Date` exists.
  if (addDays(on, 0) !== on) throw badRequest('on must be a date YYYY-MM-DD', 'validation_failed');
  if (on < today) throw badRequest(`on must be today (${today}) or later`, 'validation_failed');
  const last = `${Number(today.slice(0, 4)) + REVISIT_YEARS_AHEAD}${today.slice(4)}`;
  if (on > last)
    throw badRequest(
      `on must be within ${REVISIT_YEARS_AHEAD} years (by ${last})`,
      'validation_failed',
    );
}

/** `GET /api/reminders/revisit?entryId=`: the entry's pending revisit, in a list of 0 or 1. */
export async function pendingRevisits(
  scope: RemindersScope,
  userId: string,
  entryId: string,
): Promise<Revisit[]> {
  const found = await findPendingRevisit(scope.db, userId, entryId);
  return found ? [answer(found)] : [];
}

/** `DELETE /api/reminders/revisit/{id}`: 404 for an id that is not one of the person's. */
export async function cancelRevisit(scope: RemindersScope, userId: string, id: string) {
  if (!(await deleteRevisit(scope.db, userId, id)))
    throw notFound('Revisit not found', 'revisit_not_found');
}

/**
 * After the zone or the daily time changed: each pending revisit fires at the new time on its
 * day. Queued ones are on their way already.
 */
export async function moveRevisitsOf(
  db: Knex,
  userId: string,
  settings: ReminderSettings,
): Promise<void> {
  for (const revisit of await pendingRevisitsOf(db, userId))
    await moveRevisit(db, revisit.id, revisitFiresAt(settings, revisit.on));
}
