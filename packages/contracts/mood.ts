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

/** "Good (4.0)": an average mood as words and its number, one decimal. */
export function averageMoodLabel(average: number): string {
  return `${moodName(average)} (${average.toFixed(1)})`;
}
