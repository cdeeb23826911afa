/** What the dashboard widgets say; the spec is silent, the words follow its tone. */
export const INSIGHTS_TEXT = {
  onThisDay: 'On this day',
  onThisDayEmpty:
    'Nothing from this day in earlier years yet. Write something today and it will be waiting here next year.',
  onThisDayFailed: "Couldn't load your past entries.",
  writing: 'Your year of writing',
  writingFailed: "Couldn't load your writing days.",
  loading: 'Loading…',
  retry: 'Try again',
  untitled: 'Untitled entry',
  yearsAgo: (n: number) => (n === 1 ? '1 year ago' : `${n} years ago`),
  days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
  currentStreak: 'Current streak',
  longestStreak: 'Longest streak',
  heatmap: 'Entries per day over the last year',
  less: 'Less',
  more: 'More',
} as const;
