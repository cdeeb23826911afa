import { isApiError } from '@dayframe/web-kit';

/** The fields of the reminders form a server refusal can name, as the contract words them. */
export type ReminderField =
  | 'timeZone'
  | 'daily.enabled'
  | 'daily.time'
  | 'daily.weekdays'
  | 'goalsDue.enabled'
  | 'goalsDue.daysBefore'
  | 'weekly.enabled'
  | 'weekly.weekday'
  | 'weekly.time'
  | 'channels.email'
  | 'channels.push';

const FIELDS: readonly ReminderField[] = [
  'timeZone',
  'daily.enabled',
  'daily.time',
  'daily.weekdays',
  'goalsDue.enabled',
  'goalsDue.daysBefore',
  'weekly.enabled',
  'weekly.weekday',
  'weekly.time',
  'channels.email',
  'channels.push',
];

/**
 * The field a 400 from `PUT /api/reminders` names: its message starts with the field's path
 * ("daily.time must be HH:MM", "daily.weekdays[] must be a weekday …"), so the form shows it
 * there. Null for any other failure, which goes to a toast.
 */
export function refusedField(error: unknown): { field: ReminderField; message: string } | null {
  if (!isApiError(error, 400) || !error.fromServer) return null;
  const path = /^([A-Za-z]+(?:\.[A-Za-z]+)?)/.exec(error.message)?.[1];
  const field = FIELDS.find((name) => name === path);
  return field ? { field, message: error.message } : null;
}
