import { randomUUID } from 'node:crypto';
import {
  MAIL_QUEUE,
  type SecurityNoticeEvent,
  type SecurityNoticeMailJob,
} from '@dayframe/contracts';
import type { IdentityScope } from './scope.ts';

/**
 * Mails the account's address that how it signs in changed (issue 28), so that a change its
 * owner did not make is seen. Called after the change is stored; a queue that cannot take the
 * job is logged, not thrown: the change stands, and the owner sees it in Settings.
 */
export async function sendSecurityNotice(
  scope: IdentityScope,
  user: { _id: string; email: string; name: string },
  event: SecurityNoticeEvent,
  extra: Pick<SecurityNoticeMailJob, 'detail' | 'recoveryCodesLeft'> = {},
): Promise<void> {
  const job: SecurityNoticeMailJob = {
    kind: 'security-notice',
    to: user.email,
    name: user.name,
    event,
    at: new Date(scope.clock.now()).toISOString(),
    ...extra,
  };
  try {
    await scope.jobs.add(MAIL_QUEUE, job, { jobId: randomUUID() });
  } catch (error) {
    scope.log.warn({ userId: user._id, event, err: error }, 'security notice not queued');
  }
}
