import { useEffect, useId, useState } from 'react';
import { TextField } from '@dayframe/web-kit';
import { browserTimeZone, timeIn, timeZoneChoices } from '../time-zones.ts';

/** The clock shown beside the zone moves on once a minute. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The account's IANA zone: a text field that suggests every zone `Intl` knows as you type (a
 * native datalist, so search, keyboard and screen readers come with it), and says what time it
 * is there now. A zone `Intl` cannot compute in says so at once; the server refuses it too.
 */
export function TimeZoneField({
  value,
  onChange,
  note,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  note: string | null;
  error: string | undefined;
}) {
  const listId = useId();
  const now = useNow();
  // Computed once: the list is long and the zone being typed must not join it.
  const [zones] = useState(() => timeZoneChoices(browserTimeZone(), value));
  const time = timeIn(value, now);
  const hint = error ? (
    <span role="alert" className="text-sm text-error">
      {error}
    </span>
  ) : (
    <>
      {time ? `It's ${time} there now.` : 'Pick a zone from the list, such as Europe/Berlin.'}
      {note ? <span className="mt-0.5 block">{note}</span> : null}
    </>
  );
  return (
    <>
      <TextField
        label="Time zone"
        name="timeZone"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        hint={hint}
        onChange={(e) => onChange(e.target.value.trim())}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
