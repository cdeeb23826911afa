/** What the Reminders settings say (issue 27); the server's own refusals name their field. */
export const REMINDERS_TEXT = {
  loadFailed: "Couldn't load your reminder settings.",
  saved: 'Reminder settings saved',
  saveFailed: "Couldn't save your reminder settings. Try again.",
  zoneFromDevice: (zone: string) => `Time zone set to ${zone} from this device.`,
  testFailed: "Couldn't send a test. Try again.",
  testTooSoon: 'Wait a minute before sending another test.',
  pushUnsupported:
    "This browser can't show notifications from websites, so reminders come by e-mail here. Open Dayframe in a browser that supports them (Chrome, Edge, Firefox, or Safari added to the Home Screen) to turn them on.",
  pushBlocked:
    'Notifications are blocked for Dayframe in this browser. Allow them in the site settings, then try again.',
  pushOn: 'Notifications turned on for this device',
  pushOnFailed: "Couldn't turn on notifications. Try again.",
  pushOff: 'Notifications turned off for this device',
  pushOffFailed: "Couldn't turn off notifications. Try again.",
} as const;

/** ISO weekdays (1 = Monday … 7 = Sunday), as the contract numbers them. */
export const WEEKDAYS = [
  [1, 'Mon', 'Monday'],
  [2, 'Tue', 'Tuesday'],
  [3, 'Wed', 'Wednesday'],
  [4, 'Thu', 'Thursday'],
  [5, 'Fri', 'Friday'],
  [6, 'Sat', 'Saturday'],
  [7, 'Sun', 'Sunday'],
] as const;

/** "On the day", "1 day before", "3 days before". */
export function daysBeforeLabel(days: number): string {
  if (days === 0) return 'On the day';
  return days === 1 ? '1 day before' : `${days} days before`;
}
