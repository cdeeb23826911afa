/** At most `window` rows in all and `perDay` rows of any one day. */
export type DayCaps = { window: number; perDay: number };

/**
 * Rows of a date window, oldest day first, at most `caps.window` in all and `caps.perDay` of one
 * day; `truncated` when any row was left out. `read(after, limit)` answers at most `limit` rows
 * ordered by day then seq, from the window's first day or, with `after`, from the days after it:
 * one range on a (user, day, seq) index with a LIMIT. A day past its cap is skipped with another
 * read after it, so the reads number at most `window / perDay + 1`, each bounded by its LIMIT,
 * however many rows the window holds.
 */
export async function readCappedByDay<T>(
  caps: DayCaps,
  dayOf: (row: T) => string,
  read: (after: string | null, limit: number) => Promise<T[]>,
): Promise<{ rows: T[]; truncated: boolean }> {
  const kept: T[] = [];
  let after: string | null = null;
  for (;;) {
    const rows = await read(after, caps.window - kept.length + 1);
    let day: string | null = null;
    let onDay = 0;
    let skipped: string | null = null;
    for (const row of rows) {
      if (kept.length === caps.window) return { rows: kept, truncated: true };
      const rowDay = dayOf(row);
      if (rowDay !== day) {
        day = rowDay;
        onDay = 0;
      }
      if (onDay === caps.perDay) {
        skipped = rowDay;
        break;
      }
      kept.push(row);
      onDay++;
    }
    // `after` is set once a day was cut short.
    if (skipped === null) return { rows: kept, truncated: after !== null };
    after = skipped;
  }
}
