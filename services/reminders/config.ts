import { urlEnv } from '@dayframe/service-kit/http';

/**
 * What the reminders service reads from the environment (README "Configuration") beside the
 * common settings. Parsed once, with the rest of its process's (or the embedded app's).
 */
export const remindersSettings = {
  /** Where people open Dayframe: a reminder's link to New Entry starts here. */
  APP_URL: urlEnv(['http', 'https']).default('http://localhost:8080'),
};
