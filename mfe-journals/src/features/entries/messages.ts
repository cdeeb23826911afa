/** What the entry screens say (spec §2, §5, §8). */
export const ENTRIES_TEXT = {
  loadFailed: 'Could not load entry',
  editMissing: 'All fields are required',
  editUnchanged: 'No changes have been made',
  updated: 'Entry updated!',
  updateFailed: 'Could not update entry',
  deleteQuestion: 'Delete this entry?',
  deleteWarning: 'This is irreversible and permanent',
  deleteFailed: 'Could not delete entry',
  quickMissing: 'Please fill out entry',
  created: 'Successfully created entry',
  createFailed: 'Failed to create entry',
  quickUpdated: 'Successfully updated entry',
  quickUpdateFailed: 'Failed to update entry',
  noJournals: 'No Journals Yet',
  journalsFailed: 'Error fetching journals, try again later',
  // Not in the spec, which is silent on these outcomes.
  deleted: 'Entry deleted',
  notFound: 'Entry not found',
  dateMissing: 'Please pick a date for the entry',
  untitledJournal: 'Untitled Journal',
  starred: 'Entry starred',
  unstarred: 'Entry unstarred',
  starFailed: 'Could not change the star',
} as const;

/** What the tag and mood fields of an entry form say (issue 25). */
export const META_TEXT = {
  tagsLabel: 'Tags',
  tagsHint: 'Press Enter, comma or space to add a tag. #words in your entry become tags too.',
  tagsPlaceholder: 'Add a tag',
  fromText: 'From your text',
  fromTextHint: 'Remove the #word from the text to drop it.',
  removeTag: (tag: string) => `Remove tag ${tag}`,
  tagTooLong: (max: number) => `A tag can be at most ${max} characters`,
  tagBadCharacters: 'A tag can hold only letters, digits, - and _',
  tagRepeated: (tag: string) => `#${tag} is already added`,
  moodLabel: 'Mood',
  moodHint: 'How did the day feel? Pick again to clear.',
} as const;

/** What the template picker and the prompt of the day above a new entry's editor say. */
export const STARTERS_TEXT = {
  promptTitle: 'Prompt of the day',
  shuffle: 'Shuffle',
  shuffleLabel: 'Shuffle: show another prompt',
  usePrompt: 'Use prompt',
  template: 'Use a template',
  chooseTemplate: 'Choose a template…',
  journalTemplate: "This journal's template",
  builtIn: 'Built-in templates',
  useTemplate: 'Use template',
  replaceTitle: 'Replace what you wrote?',
  replaceText: 'The template takes the place of the text in the editor.',
  replace: 'Replace',
  keep: 'Keep my text',
} as const;

/** What an entry's History says (issue 25; the spec has no words for it yet). */
export const HISTORY_TEXT = {
  heading: 'History',
  hint: 'Each save keeps the text it replaces, for 90 days.',
  show: 'Show history',
  hide: 'Hide history',
  loading: 'Loading history…',
  loadFailed: 'Could not load history',
  empty: 'No earlier versions yet',
  emptyHint: 'Save a change and the text before it appears here.',
  versions: 'Earlier versions',
  versionFailed: 'Could not load this version',
  pick: 'Choose a version to see what changed since.',
  legend: '− only in this version, + only in the saved entry',
  unchanged: 'Same as the saved entry.',
  restore: 'Restore this version',
  restoreQuestion: 'Restore this version?',
  restoreWarning:
    'The entry gets this version’s title and content. Its text now is kept in History, so you can go back to it; changes not saved yet are lost.',
  restored: 'Version restored',
  restoreFailed: 'Could not restore this version',
} as const;

/** What "Remind me about this entry" says (issue 27). */
export const REVISIT_TEXT = {
  saved: (date: string) => `We'll remind you about this entry on ${date}`,
  saveFailed: 'Could not set the reminder',
  cancelled: 'Reminder cancelled',
  cancelFailed: 'Could not cancel the reminder',
  dateMissing: 'Pick a day from today on',
} as const;
