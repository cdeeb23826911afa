import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_QUEUE,
  SECURITY_NOTICE_EVENTS,
  securityNoticeMailJob,
  type SecurityNoticeMailJob,
} from '@dayframe/contracts';
import { silentLogger } from '@dayframe/service-kit/http';
import { inProcessJobBus } from '@dayframe/service-kit/jobs';
import { startSmtpSink, tempDataDir, type SmtpSink } from '@dayframe/test-kit';
import { startMailer } from './mailer.ts';

// Issue 28's notices, end to end from the queue: the mailer renders each security-notice job and
// a real SMTP server receives it, with the words for its event.
const AT = '2026-11-22T09:05:33.000Z';
const WHEN = 'on 2026-11-22 at 09:05 UTC.';
const IF_NOT_YOU =
  "If this wasn't you, change your password at once and check Settings → Sign-in and security.";

const expected: Record<
  SecurityNoticeMailJob['event'],
  { extra?: Partial<SecurityNoticeMailJob>; subject: string; says: string[] }
> = {
  'passkey-added': {
    extra: { detail: 'Work laptop' },
    subject: 'A passkey was added to your Dayframe account',
    says: [`The passkey "Work laptop" was added to your Dayframe account ${WHEN}`],
  },
  'passkey-removed': {
    extra: { detail: 'Old phone' },
    subject: 'A passkey was removed from your Dayframe account',
    says: [`The passkey "Old phone" was removed from your Dayframe account ${WHEN}`],
  },
  'totp-enabled': {
    subject: 'Authenticator app turned on for your Dayframe account',
    says: [`An authenticator app was turned on for your Dayframe account ${WHEN}`],
  },
  'totp-disabled': {
    subject: 'Authenticator app turned off for your Dayframe account',
    says: [`The authenticator app was turned off for your Dayframe account ${WHEN}`],
  },
  'recovery-codes-remade': {
    subject: 'New recovery codes for your Dayframe account',
    says: [
      `New recovery codes were made for your Dayframe account ${WHEN} The old ones no longer work.`,
    ],
  },
  'recovery-code-sign-in': {
    extra: { recoveryCodesLeft: 1 },
    subject: 'A recovery code was used to sign in to your Dayframe account',
    says: [
      `A recovery code was used to sign in to your Dayframe account ${WHEN}`,
      'You have 1 recovery code left. Make new ones in Settings → Sign-in and security.',
    ],
  },
};

describe('security notices through SMTP', () => {
  let sink: SmtpSink;
  const dir = tempDataDir();
  const jobs = inProcessJobBus(silentLogger(), 50);
  let mailer: ReturnType<typeof startMailer>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = startMailer(
      jobs,
      { SMTP_URL: sink.url, DATA_DIR: dir.dir, NODE_ENV: 'test', QUEUE_PREFIX: 'x' },
      silentLogger(),
    );
  });
  afterAll(async () => {
    await jobs.close();
    mailer.close();
    await sink.close();
    dir.remove();
  });

  it.each(SECURITY_NOTICE_EVENTS)('delivers %s with its subject and words', async (event) => {
    const { extra, subject, says } = expected[event];
    const to = `${event}@example.com`;
    const job: SecurityNoticeMailJob = {
      kind: 'security-notice',
      to,
      name: 'Ada <b>',
      event,
      at: AT,
      ...extra,
    };
    await jobs.add(MAIL_QUEUE, job, { jobId: `notice-${event}` });
    const mail = await sink.waitFor((m) => m.to.includes(to), 10_000);
    expect(mail.subject).toBe(subject);
    expect(mail.text.trim()).toBe(['Hi Ada <b>,', ...says, IF_NOT_YOU, '— Dayframe'].join('\n\n'));
    // The HTML says the same, escaped.
    for (const line of says) expect(mail.html).toContain(line.replaceAll('"', '&quot;'));
    expect(mail.html).toContain('Hi Ada &lt;b&gt;,');
    expect(mail.html).toContain(IF_NOT_YOU.replaceAll("'", '&#39;'));
  });

  it('makes a passkey name plain text: no link, no markup', async () => {
    const to = 'named@example.com';
    await jobs.add(
      MAIL_QUEUE,
      {
        kind: 'security-notice',
        to,
        name: 'Ada',
        event: 'passkey-added',
        at: AT,
        detail: '<a href="https://evil.example">Key</a>\r\nBcc: x@evil.example',
      } satisfies SecurityNoticeMailJob,
      { jobId: 'notice-named' },
    );
    const mail = await sink.waitFor((m) => m.to.includes(to), 10_000);
    expect(mail.text).not.toMatch(/https:\/\/|evil\.example|\r\nBcc/);
    expect(mail.html).not.toMatch(/<a |https:\/\//);
    expect(mail.raw).not.toMatch(/^Bcc:/im);
  });
});

describe('the security-notice job', () => {
  it('has no field that could carry a secret, and drops one put there', () => {
    expect(Object.keys(securityNoticeMailJob.shape).sort()).toEqual([
      'at',
      'detail',
      'event',
      'kind',
      'name',
      'recoveryCodesLeft',
      'to',
    ]);
    for (const field of Object.keys(securityNoticeMailJob.shape))
      expect(field).not.toMatch(/secret|token|password|credential|key|hash|otp|seed|^code$/i);
    // A count of recovery codes, never the codes.
    expect(
      securityNoticeMailJob.safeParse({
        kind: 'security-notice',
        to: 'a@example.com',
        name: 'A',
        event: 'recovery-code-sign-in',
        at: AT,
        recoveryCodesLeft: 'abcd-efgh',
      }).success,
    ).toBe(false);
    const parsed = securityNoticeMailJob.parse({
      kind: 'security-notice',
      to: 'a@example.com',
      name: 'A',
      event: 'totp-enabled',
      at: AT,
      secret: 'JBSWY3DPEHPK3PXP',
      recoveryCodes: ['abcd-efgh'],
    });
    expect(JSON.stringify(parsed)).not.toMatch(/JBSWY3DPEHPK3PXP|abcd-efgh/);
  });
});
