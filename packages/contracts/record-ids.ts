/**
 * Journals, entries and goals are named by random UUIDs, so an id can't be guessed from
 * another. Anything else in an id's place can't name a row: services answer it with the same
 * 404 as an id that belongs to nobody, or to somebody else.
 */
export const RECORD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && RECORD_ID_PATTERN.test(value);
}
