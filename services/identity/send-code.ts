import { randomUUID } from 'node:crypto';
import { MAIL_QUEUE, MESSAGES, type VerificationMailJob } from '@dayframe/contracts';
import { notFound, tooManyRequests } from '@dayframe/service-kit/http';
import { rateLimitKey } from '@dayframe/service-kit/limits';
import type { IdentityScope } from './scope.ts';
import { CODE_COOLDOWN_MS, CODE_TTL_MS, CODES_PER_HOUR, newCode } from './codes.ts';
import { codeStateForUpdate, saveCodeState } from './data/codes-repo.ts';
import { findUserByEmail } from './data/users-repo.ts';

const HOUR_MS = 3_600_000;
const SEND_LIMIT_PER_ADDRESS = { limit: 20, windowMs: HOUR_MS };

/**
 * Sends a new code, replacing any earlier one. The code is stored and the mail job enqueued in
 * one transaction: when the queue cannot take the job, the 503 rolls back the new code and
 * starts no cooldown, so nothing is acknowledged that will not be delivered.
 */
export async function sendCode(
  scope: IdentityScope,
  email: string,
  clientAddress: string,
): Promise<{ message: string }> {
  const byAddress = await scope.limiter.hit(
    `code:addr:${rateLimitKey(clientAddress)}`,
    SEND_LIMIT_PER_ADDRESS.limit,
    SEND_LIMIT_PER_ADDRESS.windowMs,
  );
  if (!byAddress.allowed)
    throw tooManyRequests(
      MESSAGES.codeHourlyCap,
      byAddress.retryAfterMs / 1000,
      'code_rate_limited',
    );

  const user = await findUserByEmail(scope.db, email);
  if (!user) throw notFound(MESSAGES.noUserForCode, 'unknown_email');

  await scope.db.transaction(async (trx) => {
    const now = scope.clock.now();
    const previous = await codeStateForUpdate(trx, user._id);
    if (previous && now - previous.sentAt < CODE_COOLDOWN_MS) {
      throw tooManyRequests(
        MESSAGES.codeCooldown,
        (previous.sentAt + CODE_COOLDOWN_MS - now) / 1000,
        'code_cooldown',
      );
    }
    const windowOpen = previous !== null && now - previous.windowStart < HOUR_MS;
    if (windowOpen && previous.windowCount >= CODES_PER_HOUR) {
      throw tooManyRequests(
        MESSAGES.codeHourlyCap,
        (previous.windowStart + HOUR_MS - now) / 1000,
        'code_hourly_cap',
      );
    }
    const code = newCode();
    await saveCodeState(trx, user._id, {
      codeHash: scope.codeHasher.hash(user._id, code),
      expiresAt: now + CODE_TTL_MS,
      attempts: 0,
      sentAt: now,
      windowStart: windowOpen ? previous.windowStart : now,
      windowCount: windowOpen ? previous.windowCount + 1 : 1,
    });
    const job: VerificationMailJob = {
      kind: 'verification-code',
      to: user.email,
      name: user.name,
      code,
    };
    await scope.jobs.add(MAIL_QUEUE, job, { jobId: randomUUID() });
  });
  scope.log.info({ userId: user._id }, 'verification code sent');
  return { message: MESSAGES.codeSent };
}
