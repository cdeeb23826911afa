import { z } from 'zod';

/**
 * Queue names and job payloads shared by the services that enqueue and the workers that run.
 * A payload that carries a secret (a verification code) lives only as long as its job: every
 * queue removes jobs once they complete or finally fail.
 */
export const MAIL_QUEUE = 'mail';

export const verificationMailJob = z.object({
  kind: z.literal('verification-code'),
  to: z.string(),
  name: z.string(),
  code: z.string().regex(/^\d{6}$/),
});
export type VerificationMailJob = z.infer<typeof verificationMailJob>;

/**
 * Each service that keeps rows per user listens on its own queue, so an account deletion
 * reaches every owner (BullMQ queues deliver a job to one consumer, hence one queue each).
 */
export const ACCOUNT_DELETED_QUEUES = [
  'journals.account-deleted',
  'goals.account-deleted',
] as const;
export type AccountDeletedQueue = (typeof ACCOUNT_DELETED_QUEUES)[number];

export const accountDeletedJob = z.object({ userId: z.string() });
export type AccountDeletedJob = z.infer<typeof accountDeletedJob>;
