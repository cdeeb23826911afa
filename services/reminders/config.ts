import { z } from 'zod';
import { linkSecret, optionalEnv, urlEnv } from '@dayframe/service-kit/http';

/**
 * What the reminders service reads from the environment (README "Configuration") beside the
 * common settings. Parsed once, with the rest of its process's (or the embedded app's).
 */
export const remindersSettings = {
  /** Where people open Dayframe: a reminder's link to New Entry starts here. */
  APP_URL: urlEnv(['http', 'https']).default('http://localhost:8080'),
  /** Its own key for the mails' one-click unsubscribe links; no other key signs them. */
  REMINDERS_UNSUBSCRIBE_SECRET: optionalEnv(z.string().min(1)),
};

/**
 * The key unsubscribe links are signed with: `REMINDERS_UNSUBSCRIBE_SECRET`, required in
 * production (32 bytes or more); elsewhere one made once in `DATA_DIR/reminders-unsubscribe-secret`.
 * Changing it breaks the link in every mail already sent, so it is kept, never made per start.
 */
export function unsubscribeSecret(config: {
  NODE_ENV: string;
  DATA_DIR: string;
  REMINDERS_UNSUBSCRIBE_SECRET?: string | undefined;
}): Buffer {
  return linkSecret({
    name: 'REMINDERS_UNSUBSCRIBE_SECRET',
    value: config.REMINDERS_UNSUBSCRIBE_SECRET,
    NODE_ENV: config.NODE_ENV,
    DATA_DIR: config.DATA_DIR,
    file: 'reminders-unsubscribe-secret',
  });
}
