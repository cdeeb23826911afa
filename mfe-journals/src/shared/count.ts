/** "1 entry", "3 entries", "0 entries". */
export function entryCount(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}
