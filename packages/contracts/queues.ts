import { z } from 'zod';

/**
 * Queue names and job payloads shared by the services that enqueue and the workers that run.
 * A payload that carries a secret (a verification code) lives only as long as its job: every
 * queue removes jobs once they complete or finally fail.
 */
export const MAIL_QUEUE = 'mail';

/**
 * The media service's own queue: after an image is stored, its thumbnail and display size are
 * made here (decision 0048). The payload names the file, nothing more; the job id is the file's
 * id, so a file is queued once however often it is asked.
 */
export const MEDIA_SIZES_QUEUE = 'media-sizes';

export const mediaSizesJob = z.object({ mediaId: z.string() });
export type MediaSizesJob = z.infer<typeof mediaSizesJob>;

export const verificationMailJob = z.object({
  kind: z.literal('verification-code'),
  to: z.string(),
  name: z.string(),
  code: z.string().regex(/^\d{6}$/),
});
export type VerificationMailJob = z.infer<typeof verificationMailJob>;

/** Sent to the old address when an account's e-mail changes, naming the new one. */
export const emailChangedMailJob = z.object({
  kind: z.literal('email-changed'),
  to: z.string(),
  name: z.string(),
  newEmail: z.string(),
});
export type EmailChangedMailJob = z.infer<typeof emailChangedMailJob>;

/**
 * The daily writing reminder (decision 0051): the person's local day and the link to New Entry.
 * It names no entry and no journal: a reminder says only that it is time to write.
 */
export const dailyReminderMailJob = z.object({
  kind: z.literal('daily-reminder'),
  to: z.string(),
  name: z.string(),
  localDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  link: z.string().url(),
});
export type DailyReminderMailJob = z.infer<typeof dailyReminderMailJob>;

/**
 * "Send a test" on the e-mail channel (decision 0051): what a reminder looks like, sent now
 * whatever the settings say, with the link to New Entry and where the settings are.
 */
export const testReminderMailJob = z.object({
  kind: z.literal('test-reminder'),
  to: z.string(),
  name: z.string(),
  link: z.string().url(),
});
export type TestReminderMailJob = z.infer<typeof testReminderMailJob>;

/** Every job the mail queue carries. */
export const mailJob = z.discriminatedUnion('kind', [
  verificationMailJob,
  emailChangedMailJob,
  dailyReminderMailJob,
  testReminderMailJob,
]);
export type MailJob = z.infer<typeof mailJob>;
