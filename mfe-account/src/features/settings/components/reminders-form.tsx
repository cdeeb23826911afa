import { useState, type ReactNode } from 'react';
import { SelectField, TextField, useSubmit } from '@dayframe/web-kit';
import type { ReminderSettings, ReminderSettingsAnswer } from '@dayframe/contracts';
import { saveReminderSettings } from '../api/reminder-calls.ts';
import { serverMessage } from '../messages.ts';
import { refusedField, type ReminderField } from '../reminder-errors.ts';
import { REMINDERS_TEXT, WEEKDAYS, daysBeforeLabel } from '../reminders-text.ts';
import { SettingsSubmit } from './settings-section.tsx';
import { FieldError, SwitchField } from './switch-field.tsx';
import { TimeZoneField } from './time-zone-field.tsx';
import { WeekdayToggles } from './weekday-toggles.tsx';
import { SendTestButton } from './send-test-button.tsx';
import { PushOnThisDevice } from './push-on-this-device.tsx';

function withoutSaved({ saved: _saved, ...settings }: ReminderSettingsAnswer): ReminderSettings {
  return settings;
}

/** One kind of reminder (or the channels): a heading, then its controls. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-base-300/70 py-5 first:border-t-0 first:pt-0">
      <legend className="sr-only">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Every reminder setting in one form with one Save: a `PUT` of all sections, so what is on
 * screen is what is stored. A refusal names its field (`daily.time must be HH:MM`) and is shown
 * under that field until it is changed.
 */
export function RemindersForm({
  settings,
  zoneNote,
  onSaved,
}: {
  settings: ReminderSettingsAnswer;
  zoneNote: string | null;
  onSaved: (settings: ReminderSettingsAnswer) => void;
}) {
  const [draft, setDraft] = useState<ReminderSettings>(() => withoutSaved(settings));
  const [refusal, setRefusal] = useState<{ field: ReminderField; message: string } | null>(null);
  const { busy, submit } = useSubmit();
  const errorAt = (field: ReminderField) =>
    refusal?.field === field ? refusal.message : undefined;

  function change<K extends keyof ReminderSettings>(
    section: K,
    value: Partial<ReminderSettings[K]> | ReminderSettings[K],
  ) {
    setRefusal(null);
    setDraft((shown) => ({
      ...shown,
      [section]: typeof value === 'object' ? { ...(shown[section] as object), ...value } : value,
    }));
  }

  function save(e: React.FormEvent) {
    e.preventDefault();
    setRefusal(null);
    void submit(() => saveReminderSettings(draft), {
      success: REMINDERS_TEXT.saved,
      // A refusal that names a field is shown there instead of in a toast.
      failure: (error) =>
        refusedField(error) ? null : serverMessage(error, REMINDERS_TEXT.saveFailed),
      onSuccess: (answer) => {
        setDraft(withoutSaved(answer));
        onSaved(answer);
      },
      onError: (error) => setRefusal(refusedField(error)),
    });
  }

  const { daily, goalsDue, weekly, channels } = draft;
  return (
    <form aria-label="Reminders" noValidate onSubmit={save}>
      <Group title="Time zone">
        <TimeZoneField
          value={draft.timeZone}
          onChange={(zone) => change('timeZone', zone)}
          note={zoneNote}
          error={errorAt('timeZone')}
        />
      </Group>

      <Group title="Daily writing">
        <SwitchField
          label="Daily writing"
          hint="A nudge to write, skipped on days you already have."
          checked={daily.enabled}
          onChange={(enabled) => change('daily', { enabled })}
        />
        <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <div>
            <TextField
              label="Time"
              type="time"
              name="daily.time"
              value={daily.time}
              disabled={!daily.enabled}
              aria-invalid={errorAt('daily.time') ? true : undefined}
              onChange={(e) => change('daily', { time: e.target.value })}
            />
            <FieldError message={errorAt('daily.time')} />
          </div>
          <WeekdayToggles
            value={daily.weekdays}
            disabled={!daily.enabled}
            error={errorAt('daily.weekdays')}
            onChange={(weekdays) => change('daily', { weekdays })}
          />
        </div>
      </Group>

      <Group title="Goals due">
        <SwitchField
          label="Goals due"
          hint="At your daily writing time, about goals coming due."
          checked={goalsDue.enabled}
          onChange={(enabled) => change('goalsDue', { enabled })}
        />
        <div className="sm:max-w-xs">
          <SelectField
            label="When"
            name="goalsDue.daysBefore"
            value={String(goalsDue.daysBefore)}
            disabled={!goalsDue.enabled}
            onChange={(e) => change('goalsDue', { daysBefore: Number(e.target.value) })}
          >
            {[0, 1, 2, 3, 4, 5, 6, 7].map((days) => (
              <option key={days} value={days}>
                {daysBeforeLabel(days)}
              </option>
            ))}
          </SelectField>
          <FieldError message={errorAt('goalsDue.daysBefore')} />
        </div>
      </Group>

      <Group title="Weekly digest">
        <SwitchField
          label="Weekly digest"
          hint="A look back at your week: entries written and goals done."
          checked={weekly.enabled}
          onChange={(enabled) => change('weekly', { enabled })}
        />
        <div className="grid gap-4 sm:grid-cols-2 sm:max-w-md">
          <div>
            <SelectField
              label="Day"
              name="weekly.weekday"
              value={String(weekly.weekday)}
              disabled={!weekly.enabled}
              onChange={(e) => change('weekly', { weekday: Number(e.target.value) })}
            >
              {WEEKDAYS.map(([day, , long]) => (
                <option key={day} value={day}>
                  {long}
                </option>
              ))}
            </SelectField>
            <FieldError message={errorAt('weekly.weekday')} />
          </div>
          <div>
            <TextField
              label="Digest time"
              type="time"
              name="weekly.time"
              value={weekly.time}
              disabled={!weekly.enabled}
              aria-invalid={errorAt('weekly.time') ? true : undefined}
              onChange={(e) => change('weekly', { time: e.target.value })}
            />
            <FieldError message={errorAt('weekly.time')} />
          </div>
        </div>
      </Group>

      <Group title="Channels">
        <SwitchField
          label="E-mail"
          hint="Reminders go to your account's verified address."
          checked={channels.email}
          onChange={(email) => change('channels', { email })}
        />
        <div className="flex justify-end">
          <SendTestButton channel="email" label="Send a test e-mail" />
        </div>
        <SwitchField
          label="Notifications"
          hint="Sent to every device where you turned them on."
          checked={channels.push}
          onChange={(push) => change('channels', { push })}
        />
        <PushOnThisDevice>
          <SendTestButton channel="push" label="Send a test notification" />
        </PushOnThisDevice>
      </Group>

      <SettingsSubmit busy={busy}>Save Reminders</SettingsSubmit>
    </form>
  );
}
