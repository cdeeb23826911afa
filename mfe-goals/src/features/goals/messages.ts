/** The goals screen's messages, word for word from spec §5 and §8. */
export const GOALS_TEXT = {
  missingFields: 'Please fill out all fields',
  createFailed: 'Failed to create goal',
  loadFailed: "Couldn't load goals",
  deleteFailed: "Couldn't delete goal",
  completeFailed: "Couldn't complete goal",
  created: 'Successfully created goal',
  deleted: 'Successfully deleted goal',
  completed: 'Successfully completed goal',
} as const;
