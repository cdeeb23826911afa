import { z } from 'zod';
import { dayNumber } from './calendar-dates.ts';
import { isCalendarDate } from './calendar-dates.ts';

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

/**
 * The kinds of reminder a delivery can be of. `daily`, `weekly` and `goalsDue` fire from a row in
 * the schedule; `revisit` ("Remind me about this entry") from the account's pending revisits.
 */
export const REMINDER_KINDS = ['daily', 'weekly', 'revisit', 'goalsDue'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** The kinds with a row of their own in the schedule (revisits fire from their own rows). */
export type ScheduledReminderKind = Exclude<ReminderKind, 'revisit'>;

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

/**
 * `POST /internal/entries/summaries` (journals, for reminders): what a revisit reminder quotes of
 * each entry. Only the user's own entries are answered; ids of entries since deleted (or never
 * theirs) are left out. `excerpt` is the opening of the content as plain text (~200 characters).
 */
/** How many entries one summaries request may name; a caller asks for more in turns. */
export const ENTRY_SUMMARIES_MAX = 100;
export const entrySummariesRequest = z.object({
  userId: z.string().min(1).max(64),
  ids: z
    .array(z.string().min(1).max(64), { error: 'ids must be a list of entry ids' })
    .max(ENTRY_SUMMARIES_MAX, { error: `ids holds at most ${ENTRY_SUMMARIES_MAX} entry ids` }),
});
export type EntrySummariesRequest = z.infer<typeof entrySummariesRequest>;
export const entrySummary = z.object({
  id: z.string(),
  journalId: z.string(),
  title: z.string(),
  date: z.string(),
  excerpt: z.string(),
});
export type EntrySummary = z.infer<typeof entrySummary>;
export const entrySummariesResponse = z.object({ entries: z.array(entrySummary) });
export type EntrySummariesResponse = z.infer<typeof entrySummariesResponse>;

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
/**
 * `GET /api/push/subscriptions`: the account's browsers with notifications on (at most 10; the
 * oldest goes when an 11th subscribes), oldest first. Never their endpoints or keys.
 * `DELETE /api/push/subscriptions/{id}` removes one (204; another account's id is a 404).
 */
export type PushSubscriptionListAnswer = {
  subscriptions: { id: string; createdAt: string; lastUsedAt: string | null }[];
};

/** The path of a reminder mail's one-click unsubscribe link (`?t=` a signed token). */
export const REMINDER_UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';

/** The longest window reminders asks goals and journals about: a digest's week and the next. */
export const REMINDER_WINDOW_MAX_DAYS = 31;

/**
 * The body of reminders' window questions to goals and journals: one account's local days
 * `from`–`to`, both included, at most `REMINDER_WINDOW_MAX_DAYS`. The user is named in the body:
 * a reminder is composed for no signed-in person.
 */
function calendarDay(field: string) {
  const error = `${field} must be a calendar date YYYY-MM-DD`;
  return z.string({ error }).refine(isCalendarDate, { error });
}

const reminderWindowShape = {
  userId: z
    .string({ error: 'userId must be an account id' })
    .min(1, { error: 'userId must be an account id' })
    .max(64, { error: 'userId must be an account id' }),
  from: calendarDay('from'),
  to: calendarDay('to'),
};

function withinReminderWindow(
  window: { from: string; to: string },
  ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void },
) {
  const days = dayNumber(window.to) - dayNumber(window.from) + 1;
  if (days < 1)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
  else if (days > REMINDER_WINDOW_MAX_DAYS)
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `to must be within ${REMINDER_WINDOW_MAX_DAYS} days of from`,
    });
}

export const reminderWindowRequest = z
  .object(reminderWindowShape)
  .superRefine(withinReminderWindow);
export type ReminderWindowRequest = z.infer<typeof reminderWindowRequest>;

/**
 * `POST /internal/goals/due` (goals, for reminders) `{ userId, from, to }`: the open goals due in
 * the window, soonest first; their titles and due dates only, for a goals-due reminder or digest.
 */
export const dueGoalsResponse = z.object({
  goals: z.array(z.object({ id: z.string(), title: z.string(), dueDate: z.string() })),
});
export type DueGoalsResponse = z.infer<typeof dueGoalsResponse>;
export type DueGoal = DueGoalsResponse['goals'][number];

/** `POST /internal/goals/completed-count` (goals, for reminders): goals completed in the window. */
export const completedGoalsCountResponse = z.object({ count: z.number().int().min(0) });

/**
 * `POST /internal/entries/week` (journals, for reminders) `{ userId, from, to, today }`: how many
 * entries are dated in the window, and the writing streak as it stands on `today` (consecutive
 * days with an entry, ending today or, while today has none yet, yesterday).
 */
export const writingWeekRequest = z
  .object({ ...reminderWindowShape, today: calendarDay('today') })
  .superRefine(withinReminderWindow);
export type WritingWeekRequest = z.infer<typeof writingWeekRequest>;
export const writingWeekResponse = z.object({
  written: z.number().int().min(0),
  streak: z.number().int().min(0),
});
export type WritingWeek = z.infer<typeof writingWeekResponse>;

/** When goals are due, seen from the day a reminder is sent: "today", "tomorrow", "in 3 days". */
export function dueInWords(daysAhead: number): string {
  if (daysAhead === 0) return 'today';
  if (daysAhead === 1) return 'tomorrow';
  return `in ${daysAhead} days`;
}

/**
 * A goals-due reminder's headline, the same in a push and a mail's subject: how many, and when
 * ("3 goals due tomorrow"). No title: headlines show on lock screens.
 */
export function goalsDueHeadline(count: number, daysAhead: number): string {
  return `${count} ${count === 1 ? 'goal' : 'goals'} due ${dueInWords(daysAhead)}`;
}
