/** What the search screen says. The spec is silent on these; the words follow its tone. */
export const SEARCH_TEXT = {
  title: 'Search',
  subtitle: 'Find anything you wrote: entries and goals.',
  label: 'Search your entries and goals',
  placeholder: 'Search entries and goals…',
  button: 'Search',
  promptTitle: 'What are you looking for?',
  promptText:
    'Type a word or two. The last word also finds longer words ("journ" finds "journaling").',
  loading: 'Searching…',
  entries: 'Entries',
  goals: 'Goals',
  noneTitle: 'Nothing found',
  noneText: (q: string) => `No entry or goal matches “${q}”. Try fewer or shorter words.`,
  failed: "Couldn't search right now",
  groupFailed: (what: string) => `Couldn't search ${what.toLowerCase()} right now.`,
  retry: 'Try again',
  tipsTitle: 'Search tips',
  tipsText: 'Combine words and these operators; every one must hold. Goals take them as words.',
  refusedTitle: 'Check your search',
  completed: 'Completed',
  due: 'Due',
  untitledEntry: 'Untitled entry',
  untitledGoal: 'Untitled goal',
  count: (n: number, total: number) =>
    total > n ? `Showing ${n} of ${total}` : `${total} ${total === 1 ? 'result' : 'results'}`,
} as const;
