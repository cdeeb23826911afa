import { MOOD_LABELS, moodName, type Mood } from '@dayframe/contracts';

/** The mood scale as the picker shows it: 1 Awful … 5 Great (the contract's words). */
export const MOODS = Object.keys(MOOD_LABELS).map((key) => {
  const value = Number(key) as Mood;
  return { value, word: moodName(value) };
});
