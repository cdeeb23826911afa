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
  mood: 'Mood',
  moodRange: 'Days shown',
  moodRangeOption: (days: number) => `${days} days`,
  moodFailed: "Couldn't load your moods.",
  moodEmpty: (days: number) =>
    `No moods in the last ${days} days. Pick a mood when you write an entry and it shows here.`,
  moodSummary: (average: number, days: number) =>
    `Average mood ${average.toFixed(1)} over ${days === 1 ? '1 day' : `${days} days`}`,
  moodAverageOver: (days: number) =>
    `average over ${days === 1 ? '1 day' : `${days} days`} with a mood`,
  moodChartDescription: (from: string, to: string) =>
    `Daily average mood from ${from} to ${to}, 1 (awful) to 5 (great); days without a mood are gaps in the line.`,
  showTable: 'Show as table',
  moodTableCaption: (days: number) => `Average mood per day, last ${days} days`,
  date: 'Date',
  average: 'Average mood',
  entries: 'Entries',
} as const;
