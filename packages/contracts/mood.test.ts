import { describe, expect, it } from 'vitest';
import { averageMoodLabel, moodName } from './mood.ts';

describe('average mood names', () => {
  it('name the nearest step of the scale, with one decimal', () => {
    expect([1, 1.49, 1.5, 2.6, 3, 3.5, 4.4, 5].map(moodName)).toEqual([
      'Awful',
      'Awful',
      'Bad',
      'Okay',
      'Okay',
      'Good',
      'Good',
      'Great',
    ]);
    expect(averageMoodLabel(4)).toBe('Good (4.0)');
    expect(averageMoodLabel(3.667)).toBe('Good (3.7)');
    // The word follows the number shown: 3.47 reads 3.5, which is Good, not Okay.
    expect(averageMoodLabel(3.47)).toBe('Good (3.5)');
  });
});
