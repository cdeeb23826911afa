import { useId } from 'react';
import { WEEKDAYS } from '../reminders-text.ts';
import { FieldError } from './switch-field.tsx';

/**
 * Mon–Sun as seven toggle buttons in a labelled group; `value` holds ISO weekdays in week
 * order. The server refuses an empty list while daily writing is on, and says so here.
 */
export function WeekdayToggles({
  value,
  onChange,
  disabled,
  error,
}: {
  value: readonly number[];
  onChange: (weekdays: number[]) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const labelId = useId();
  const errorId = useId();
  function toggle(day: number) {
    const next = value.includes(day) ? value.filter((d) => d !== day) : [...value, day];
    onChange(next.sort((a, b) => a - b));
  }
  return (
    <div>
      <p id={labelId} className="mb-1.5 text-sm font-medium">
        Weekdays
      </p>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className="grid grid-cols-7 gap-1 sm:flex sm:flex-wrap"
      >
        {WEEKDAYS.map(([day, short, long]) => {
          const on = value.includes(day);
          return (
            <button
              key={day}
              type="button"
              title={long}
              aria-pressed={on}
              disabled={disabled}
              onClick={() => toggle(day)}
              className={`btn btn-sm px-0 sm:w-12 ${on ? 'btn-primary' : 'btn-outline border-base-300'}`}
            >
              {short}
            </button>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
