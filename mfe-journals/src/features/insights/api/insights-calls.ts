import { api } from '@dayframe/web-kit';
import type { MoodResponse, OnThisDayResponse, WritingResponse } from '@dayframe/contracts';

/** The caller's entries of `date`'s month and day in earlier years, newest first. */
export function onThisDay(date: string, signal?: AbortSignal) {
  return api.get<OnThisDayResponse>('/insights/on-this-day', { query: { date }, signal });
}

/** Entries per day from `from` to `to` (both included), and the streaks. */
export function writing(from: string, to: string, signal?: AbortSignal) {
  return api.get<WritingResponse>('/insights/writing', { query: { from, to }, signal });
}

/** The average mood of each day from `from` to `to` that has one, earliest first. */
export function moods(from: string, to: string, signal?: AbortSignal) {
  return api.get<MoodResponse>('/insights/mood', { query: { from, to }, signal });
}
