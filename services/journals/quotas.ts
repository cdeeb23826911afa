/**
 * How much one person may keep: generous for anyone writing by hand, a ceiling for a runaway
 * script. They bound every list this service answers whole (a user's journals) and its tables.
 * Tests lower them through `createJournals({ quotas })`.
 */
export const JOURNALS_QUOTAS = { journals: 1_000, entries: 100_000 } as const;

export type JournalsQuotas = { journals: number; entries: number };
