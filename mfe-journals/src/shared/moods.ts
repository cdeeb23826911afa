import { MOOD_LABELS, type Mood } from '@dayframe/contracts';

/** The mood scale as shown: 1 Awful … 5 Great (the contract's words, capitalised). */
export const MOODS = (Object.keys(MOOD_LABELS) as unknown as string[]).map((key) => {
  const value = Number(key) as Mood;
  const label = MOOD_LABELS[value];
  return { value, word: label.charAt(0).toUpperCase() + label.slice(1) };
});

/** The word of a mood, as a card or a picker shows it. */
export function moodWord(mood: Mood): string {
  return MOODS[mood - 1]!.word;
}
