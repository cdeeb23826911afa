/**
 * How much one person may keep: generous for anyone writing by hand, a ceiling for a runaway
 * script. They bound every list this service answers whole (a user's journals) and its tables.
 * Tests lower them through `createJournals({ quotas })`.
 */
export const JOURNALS_QUOTAS = {
  journals: 1_000,
  entries: 100_000,
  /** UTF-8 bytes of entry text (titles and contents together), the `entry_bytes` column. */
  entryBytes: 200_000_000,
  /**
   * UTF-8 bytes of entry history (issue 25, decision 0046): past it a save drops the account's
   * oldest versions instead of being refused, so history never stops anyone writing.
   */
  versionBytes: 100_000_000,
} as const;

export type JournalsQuotas = {
  journals: number;
  entries: number;
  entryBytes: number;
  versionBytes: number;
};

/** What the byte quota counts of an entry: its title and content as UTF-8. */
export function entryBytes(entry: { title: string; content: string }): number {
  return Buffer.byteLength(entry.title, 'utf8') + Buffer.byteLength(entry.content, 'utf8');
}

/** The things the byte quota's message names. */
export const ENTRY_TEXT = 'entry text';
