import { useEffect, useRef, useState } from 'react';
import { ErrorState, Spinner, useLoad } from '@dayframe/web-kit';
import type { ReminderSettingsAnswer } from '@dayframe/contracts';
import { getReminderSettings, saveReminderSettings } from '../api/reminder-calls.ts';
import { REMINDERS_TEXT } from '../reminders-text.ts';
import { browserTimeZone } from '../time-zones.ts';
import { RemindersForm } from './reminders-form.tsx';

/**
 * The Reminders card. On a first visit (`saved: false`) the account is still in UTC, which is
 * nobody's evening: the browser's own zone is saved at once, and a quiet line says so, so the
 * first reminder someone turns on fires at their local time without them touching the zone.
 */
export function RemindersSettings() {
  const { state, retry, setData } = useLoad(getReminderSettings, [], {
    onError: (error) => console.error('Loading reminder settings failed', error),
  });
  const [zoneNote, setZoneNote] = useState<string | null>(null);
  const adopting = useRef(false);

  const [deviceZone] = useState(browserTimeZone);
  const firstVisit = state.status === 'ready' && !state.data.saved;
  useEffect(() => {
    if (!firstVisit || adopting.current) return;
    adopting.current = true;
    const zone = deviceZone;
    saveReminderSettings({ timeZone: zone }).then(
      (answer) => {
        setData(answer);
        setZoneNote(REMINDERS_TEXT.zoneFromDevice(zone));
      },
      // Not worth a toast: the form still shows the zone and Save sends it.
      (error: unknown) => console.error('Saving the time zone from this device failed', error),
    );
  }, [firstVisit, deviceZone, setData]);

  if (state.status === 'loading')
    return (
      <div className="grid min-h-40 place-items-center">
        <Spinner />
      </div>
    );
  if (state.status === 'error')
    return <ErrorState title={REMINDERS_TEXT.loadFailed} onRetry={retry} />;
  // A first visit shows the device's zone from the first paint, while it is being saved.
  return (
    <RemindersForm
      settings={firstVisit ? { ...state.data, timeZone: deviceZone } : state.data}
      zoneNote={zoneNote}
      onSaved={(answer: ReminderSettingsAnswer) => setData(answer)}
    />
  );
}
