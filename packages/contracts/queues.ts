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
 * What every reminder mail carries, whatever its kind (decision 0051): each reminder mail job
 * extends this (`reminderMailJob.extend({ kind: z.literal('…'), … })`). `unsubscribeUrl` is the
 * signed one-click link that turns that kind of reminder off (RFC 8058): the mailer sets
 * `List-Unsubscribe` and `List-Unsubscribe-Post` from it and ends the text and HTML with it.
 */
export const reminderMailJob = z.object({
  to: z.string(),
  name: z.string(),
  unsubscribeUrl: z.string().url(),
});
export type ReminderMailJob = z.infer<typeof reminderMailJob>;

/**
 * The daily writing reminder (decision 0051): the person's local day and the link to New Entry.
 * It names no entry and no journal: a reminder says only that it is time to write.
 */
export const dailyReminderMailJob = reminderMailJob.extend({
  kind: z.literal('daily-reminder'),
  localDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  link: z.string().url(),
});
export type DailyReminderMailJob = z.infer<typeof dailyReminderMailJob>;

/**
 * A revisit reminder ("Remind me about this entry", issue 27): the entries the person asked to
 * be reminded of on `localDate`, each with its title, date, opening lines and link. Unlike the
 * daily reminder it quotes the journal: the person chose these entries to be shown again.
 */
export const revisitReminderMailJob = reminderMailJob.extend({
  kind: z.literal('revisit-reminder'),
  localDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  entries: z
    .array(
      z.object({
        title: z.string(),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        excerpt: z.string(),
        link: z.string().url(),
      }),
    )
    .min(1),
});
export type RevisitReminderMailJob = z.infer<typeof revisitReminderMailJob>;
const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A goal as a reminder mail lists it: its title (the person's own words) and due date. */
const mailedGoal = z.object({ title: z.string(), dueDate: localDay });

/**
 * The goals-due reminder (issue 27): every open goal due on `dueDate`, which is `daysBefore`
 * days after the local day it is sent (`localDate`), and the link to the goals.
 */
export const goalsDueReminderMailJob = reminderMailJob.extend({
  kind: z.literal('goals-due-reminder'),
  localDate: localDay,
  dueDate: localDay,
  goals: z.array(mailedGoal).min(1),
  link: z.string().url(),
});
export type GoalsDueReminderMailJob = z.infer<typeof goalsDueReminderMailJob>;

/**
 * The weekly digest (issue 27): for the seven local days `weekFrom`–`weekTo`, the entries written,
 * the writing streak on `weekTo`, the goals completed, and the goals due in the seven days after.
 * Counts and goal titles only: no entry's words.
 */
export const weeklyDigestMailJob = reminderMailJob.extend({
  kind: z.literal('weekly-digest'),
  weekFrom: localDay,
  weekTo: localDay,
  written: z.number().int().min(0),
  streak: z.number().int().min(0),
  goalsCompleted: z.number().int().min(0),
  goalsDueNextWeek: z.array(mailedGoal),
  link: z.string().url(),
});
export type WeeklyDigestMailJob = z.infer<typeof weeklyDigestMailJob>;

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

/**
 * Issue 28: what changed in how the account signs in, mailed to its address so that a change
 * the owner did not make is noticed. `detail` names the passkey where there is one;
 * `recoveryCodesLeft` is said after a recovery code was used.
 */
export const SECURITY_NOTICE_EVENTS = [
  'passkey-added',
  'passkey-removed',
  'totp-enabled',
  'totp-disabled',
  'recovery-codes-remade',
  'recovery-code-sign-in',
] as const;
export type SecurityNoticeEvent = (typeof SECURITY_NOTICE_EVENTS)[number];
export const securityNoticeMailJob = z.object({
  kind: z.literal('security-notice'),
  to: z.string(),
  name: z.string(),
  event: z.enum(SECURITY_NOTICE_EVENTS),
  /** When it happened, ISO-8601 UTC. */
  at: z.string(),
  detail: z.string().optional(),
  recoveryCodesLeft: z.number().int().optional(),
});
export type SecurityNoticeMailJob = z.infer<typeof securityNoticeMailJob>;

/** Every job the mail queue carries. */
export const mailJob = z.discriminatedUnion('kind', [
  verificationMailJob,
  emailChangedMailJob,
  dailyReminderMailJob,
  revisitReminderMailJob,
  goalsDueReminderMailJob,
  weeklyDigestMailJob,
  testReminderMailJob,
  securityNoticeMailJob,
]);
export type MailJob = z.infer<typeof mailJob>;
