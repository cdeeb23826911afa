import { MOOD_LABELS, type Mood } from './tags.ts';

/**
 * The name of an average mood, capitalised: the nearest step of the scale (3.5 rounds up to
 * Good), so a chart, a table and a calendar day all call the same average the same word.
 */
export function moodName(average: number): string {
  const step = Math.min(5, Math.max(1, Math.round(average))) as Mood;
  const word = MOOD_LABELS[step];
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * "Good (4.0)": an average mood as words and its number, one decimal. The word names the number
 * shown (3.47 shows as 3.5, so it is Good), never a different rounding of it.
 */
export function averageMoodLabel(average: number): string {
  const shown = Math.round(average * 10) / 10;
  return `${moodName(shown)} (${shown.toFixed(1)})`;
}
