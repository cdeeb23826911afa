import type { MailJob } from '@dayframe/contracts';

/**
 * What one due reminder says, whatever the channel: each kind composes it (`kinds/*.ts`), the
 * channels (`channels.ts`) send it. `mail` turns it into the mail job for a verified address;
 * `push` is the notification a browser shows, `url` a path of the app it opens on a click.
 * `delivered`, when given, runs once the message was handed to the channels (and before the
 * ledger marks the delivery worked): a kind whose reminders are one-off removes them there.
 */
export type ReminderMessage = {
  mail(address: { email: string; name: string }): MailJob;
  push: { title: string; body: string; url: string };
  delivered?(): Promise<void>;
};
