import { z } from 'zod';

/**
 * An account's reminder settings (issue 27, decision 0051): `GET /api/reminders` answers them,
 * `PUT /api/reminders` replaces the sections it is given and keeps the others. Every time is a
 * local `HH:MM` in `timeZone`, weekdays are ISO (1 = Monday … 7 = Sunday). A bad value is a 400
 * whose message names the field ("daily.time must be HH:MM").
 */

/**
 * Zones found valid so far: a formatter costs a fifth of a millisecond and the due sweep reads
 * settings a thousand at a time. Only valid names are kept, and there are a few hundred.
 */
const knownTimeZones = new Set<string>();

/** True for a zone `Intl` can compute in. Node's ICU lists only the old canonical names in
 * `Intl.supportedValuesOf`, yet accepts both (`Asia/Kolkata`): a formatter is the check. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  if (knownTimeZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    knownTimeZones.add(value);
    return true;
  } catch {
    return false;
  }
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function flag(field: string) {
  return z.boolean({ error: `${field} must be true or false` });
}

function localTime(field: string) {
  return z
    .string({ error: `${field} must be HH:MM` })
    .regex(TIME_PATTERN, { error: `${field} must be HH:MM` });
}

function weekday(field: string) {
  return z
    .number({ error: `${field} must be a weekday from 1 (Monday) to 7 (Sunday)` })
    .int({ error: `${field} must be a weekday from 1 (Monday) to 7 (Sunday)` })
    .min(1, { error: `${field} must be a weekday from 1 (Monday) to 7 (Sunday)` })
    .max(7, { error: `${field} must be a weekday from 1 (Monday) to 7 (Sunday)` });
}

function section<S extends z.ZodRawShape>(field: string, shape: S) {
  return z.object(shape, { error: `${field} must be an object` });
}

export const timeZoneField = z
  .string({ error: 'timeZone must be an IANA time zone such as Europe/Berlin' })
  .refine(isTimeZone, { error: 'timeZone must be an IANA time zone such as Europe/Berlin' });

export const dailyReminder = section('daily', {
  enabled: flag('daily.enabled'),
  time: localTime('daily.time'),
  weekdays: z
    .array(weekday('daily.weekdays[]'), { error: 'daily.weekdays must be a list of weekdays' })
    .max(7, { error: 'daily.weekdays names each weekday at most once' })
    .refine((days) => new Set(days).size === days.length, {
      error: 'daily.weekdays names each weekday at most once',
    }),
}).refine((daily) => !daily.enabled || daily.weekdays.length > 0, {
  error: 'daily.weekdays must name at least one weekday when daily is enabled',
});
export type DailyReminder = z.infer<typeof dailyReminder>;

export const goalsDueReminder = section('goalsDue', {
  enabled: flag('goalsDue.enabled'),
  daysBefore: z
    .number({ error: 'goalsDue.daysBefore must be a whole number of days from 0 to 7' })
    .int({ error: 'goalsDue.daysBefore must be a whole number of days from 0 to 7' })
    .min(0, { error: 'goalsDue.daysBefore must be a whole number of days from 0 to 7' })
    .max(7, { error: 'goalsDue.daysBefore must be a whole number of days from 0 to 7' }),
});
export type GoalsDueReminder = z.infer<typeof goalsDueReminder>;

export const weeklyReminder = section('weekly', {
  enabled: flag('weekly.enabled'),
  weekday: weekday('weekly.weekday'),
  time: localTime('weekly.time'),
});
export type WeeklyReminder = z.infer<typeof weeklyReminder>;

export const reminderChannels = section('channels', {
  email: flag('channels.email'),
  push: flag('channels.push'),
});
export type ReminderChannels = z.infer<typeof reminderChannels>;

/** The whole settings, as `GET /api/reminders` answers them. */
export const reminderSettings = z.object({
  timeZone: timeZoneField,
  daily: dailyReminder,
  goalsDue: goalsDueReminder,
  weekly: weeklyReminder,
  channels: reminderChannels,
});
export type ReminderSettings = z.infer<typeof reminderSettings>;

/**
 * `PUT /api/reminders`: any of the sections, each whole; those left out keep their values (a
 * settings screen that shows one section sends one section).
 */
export const reminderSettingsUpdate = reminderSettings.partial();
export type ReminderSettingsUpdate = z.infer<typeof reminderSettingsUpdate>;

/**
 * What an account has before it sets anything: every kind off, in UTC until the settings
 * screen sends the browser's zone.
 */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  timeZone: 'UTC',
  daily: { enabled: false, time: '20:00', weekdays: [1, 2, 3, 4, 5, 6, 7] },
  goalsDue: { enabled: false, daysBefore: 1 },
  weekly: { enabled: false, weekday: 7, time: '18:00' },
  channels: { email: true, push: false },
};

/** The kinds of reminder that have a firing instant of their own (a row in the schedule). */
export const REMINDER_KINDS = ['daily', 'weekly'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The reminders service's own queue: one job per reminder due, its id the delivery's key. */
export const REMINDERS_QUEUE = 'reminders';

export const reminderDueJob = z.object({
  userId: z.string().max(64),
  kind: z.enum(REMINDER_KINDS),
  /** The account's local day the reminder is for, `YYYY-MM-DD`. */
  localDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type ReminderDueJob = z.infer<typeof reminderDueJob>;

/** `POST /internal/entries/written-on` (journals, for reminders): did the person write that day? */
export const writtenOnRequest = z.object({
  userId: z.string().min(1).max(64),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be YYYY-MM-DD' }),
});
export type WrittenOnRequest = z.infer<typeof writtenOnRequest>;
export const writtenOnResponse = z.object({ written: z.boolean() });
export type WrittenOnResponse = z.infer<typeof writtenOnResponse>;

/** `POST /internal/users/mail-address` (identity, for reminders): where a reminder is mailed. */
export const mailAddressRequest = z.object({ userId: z.string().min(1).max(64) });
export const mailAddressResponse = z.object({
  /** Null when the account is gone or its address is not verified. */
  address: z.object({ email: z.string(), name: z.string() }).nullable(),
});
export type MailAddressResponse = z.infer<typeof mailAddressResponse>;

/**
 * `GET`/`PUT /api/reminders` answer the settings and whether the account ever saved any: the
 * settings screen offers the browser's zone on a first visit (`saved: false`) instead of UTC.
 */
export type ReminderSettingsAnswer = ReminderSettings & { saved: boolean };

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `POST /api/reminders/test`: "Send a test" on one channel, now, whatever the settings say. */
export const reminderTestRequest = z.object({
  channel: z.enum(['email', 'push'], { error: 'channel must be email or push' }),
});
export type ReminderTestRequest = z.infer<typeof reminderTestRequest>;
/** 202: what was sent, in words for a toast ("A test reminder is on its way to …"). */
export type ReminderTestAnswer = { message: string };

/**
 * `POST /api/reminders/revisit` `{ entryId, on }`: "Remind me about this entry" on the local day
 * `on` (today or later, within 10 years), at the daily reminder's time in the account's zone.
 * 201 answers the revisit; a second one for the same entry replaces the first.
 * `GET /api/reminders/revisit?entryId=` answers the entry's pending revisit (0 or 1 in a list),
 * `DELETE /api/reminders/revisit/{id}` cancels one (204).
 */
export const revisitRequest = z.object({
  entryId: z.string({ error: 'entryId must be an entry id' }).min(1).max(64),
  on: z.string({ error: 'on must be a date YYYY-MM-DD' }).regex(LOCAL_DATE, {
    error: 'on must be a date YYYY-MM-DD',
  }),
});
export type RevisitRequest = z.infer<typeof revisitRequest>;
export type Revisit = { id: string; entryId: string; on: string };

/** `GET /api/push/key`: the VAPID public key a browser subscribes with (base64url). */
export type PushKeyAnswer = { publicKey: string };
/** `POST /api/push/subscriptions` answers 201 `{ id }` (the same endpoint again: the same id). */
export type PushSubscriptionAnswer = { id: string };

/** The path of a reminder mail's one-click unsubscribe link (`?t=` a signed token). */
export const REMINDER_UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';
