import { averageMoodLabel } from '@dayframe/contracts';
import { CALENDAR_TEXT } from '../messages.ts';

/**
 * A day's average mood as a small face whose mouth bends from a frown (awful) to a smile
 * (great), with the number beside it on wider screens: shape and number, never colour alone.
 * Named "Average mood: Good (4.0)" for assistive technology and as a tooltip.
 */
export function MoodMark({ average }: { average: number }) {
  const label = CALENDAR_TEXT.averageMood(averageMoodLabel(average));
  // The mouth's bend: -2.4 (a frown) at 1, flat at 3, 2.4 (a smile) at 5.
  const bend = (average - 3) * 1.2;
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-mood={average.toFixed(1)}
      className="inline-flex items-center gap-0.5 rounded-full bg-base-200/80 px-1 py-px text-[11px] font-semibold leading-4 tabular-nums text-base-content/80"
    >
      <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true" fill="none">
        <circle cx="8" cy="8" r="6.75" stroke="currentColor" strokeWidth="1.5" />
        <circle cx="5.75" cy="6.5" r="1" fill="currentColor" />
        <circle cx="10.25" cy="6.5" r="1" fill="currentColor" />
        <path
          d={`M5 ${10.5 - bend / 2} Q8 ${10.5 + bend} 11 ${10.5 - bend / 2}`}
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
      <span aria-hidden="true" className="hidden sm:inline">
        {average.toFixed(1)}
      </span>
    </span>
  );
}
