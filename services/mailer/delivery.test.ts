import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAIL_QUEUE,
  promptOfTheDay,
  type DailyReminderMailJob,
  type VerificationMailJob,
} from '@dayframe/contracts';
import { silentLogger } from '@dayframe/service-kit/http';
import { createJobBus, inProcessJobBus } from '@dayframe/service-kit/jobs';
import { startSmtpSink, tempDataDir, testRedisPrefix, type SmtpSink } from '@dayframe/test-kit';
import { startMailer } from './mailer.ts';
import { plainName, renderEmailChanged, renderVerificationMail } from './render.ts';

const job = (to: string, code = '123456'): VerificationMailJob => ({
  kind: 'verification-code',
  to,
  name: 'Ada <b>',
  code,
});

describe('the verification mail', () => {
  it('names the product, the code and its validity, and escapes the name in HTML', () => {
    const mail = renderVerificationMail(job('a@example.com', '042917'));
    expect(mail.subject).toBe('Your Dayframe verification code');
    expect(mail.subject).not.toMatch(/\d/);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('042917');
      expect(body).toContain('10 minutes');
    }
    expect(mail.html).toContain('Ada &lt;b&gt;');
    expect(mail.html).not.toContain('Ada <b>');
  });
});

describe('names in mail', () => {
  it('are plain text: control characters go, links are broken up', () => {
    expect(plainName('Ada\r\nBcc: x@evil.example')).toBe('Ada Bcc: x@evil[.]example');
    expect(plainName('Visit https://evil.example/login now')).toBe(
      'Visit hxxps[:]//evil[.]example/login now',
    );
    expect(plainName('www.evil.com\u202e\u0000')).toBe('www[.]evil[.]com');
    expect(plainName('Dr. Ada Lovelace')).toBe('Dr. Ada Lovelace');
  });

  it('the e-mail change notice names the new address without a link', () => {
    const mail = renderEmailChanged({
      kind: 'email-changed',
      to: 'old@example.com',
      name: 'Ada',
      newEmail: 'new@example.org',
    });
    expect(mail.text).toContain('changed to new@example[.]org');
    expect(mail.html).toContain('new@example[.]org');
  });
});

describe('mail delivery through SMTP', () => {
  let sink: SmtpSink;
  const dir = tempDataDir();
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    dir.remove();
  });

  it('retries with backoff while the relay refuses, and delivers once it accepts', async () => {
    const jobs = inProcessJobBus(silentLogger(), 50);
    const mailer = startMailer(
      jobs,
      { SMTP_URL: sink.url, DATA_DIR: dir.dir, NODE_ENV: 'test', QUEUE_PREFIX: 'x' },
      silentLogger(),
    );
    try {
      sink.setRefusing(true);
      await jobs.add(MAIL_QUEUE, job('retry@example.com'), { jobId: 'retry-1' });
      await new Promise((r) => setTimeout(r, 300));
      expect(sink.messages.filter((m) => m.to.includes('retry@'))).toHaveLength(0);
      sink.setRefusing(false);
      await sink.waitFor((m) => m.to.includes('retry@'), 10_000);
    } finally {
      sink.setRefusing(false);
      await jobs.close();
      mailer.close();
    }
  });

  it('sends a job once even when it is added twice (BullMQ, idempotent per job id)', async () => {
    const redis = testRedisPrefix();
    const log = silentLogger();
    const jobs = createJobBus({ redisUrl: redis.url, prefix: redis.prefix, log, backoffMs: 50 });
    const mailer = startMailer(
      jobs,
      {
        SMTP_URL: sink.url,
        DATA_DIR: dir.dir,
        NODE_ENV: 'test',
        REDIS_URL: redis.url,
        QUEUE_PREFIX: redis.prefix,
      },
      log,
    );
    try {
      await jobs.ready();
      await jobs.add(MAIL_QUEUE, job('once@example.com'), { jobId: 'once-1' });
      await jobs.add(MAIL_QUEUE, job('once@example.com'), { jobId: 'once-1' });
      await sink.waitFor((m) => m.to.includes('once@'));
      await new Promise((r) => setTimeout(r, 500));
      expect(sink.messages.filter((m) => m.to.includes('once@'))).toHaveLength(1);
    } finally {
      await jobs.close();
      mailer.close();
      await redis.cleanup();
    }
  });

  it("sends a reminder with RFC 8058's one-click headers and its link last in text and HTML", async () => {
    const jobs = inProcessJobBus(silentLogger(), 50);
    const mailer = startMailer(
      jobs,
      { SMTP_URL: sink.url, DATA_DIR: dir.dir, NODE_ENV: 'test', QUEUE_PREFIX: 'x' },
      silentLogger(),
    );
    const unsubscribeUrl = 'https://dayframe.test/api/reminders/unsubscribe?t=ZGFpbHkudS0x.abc_-';
    const reminder: DailyReminderMailJob = {
      kind: 'daily-reminder',
      to: 'reminded@example.com',
      name: 'Ada',
      localDate: '2026-05-04',
      link: 'https://dayframe.test/entry',
      unsubscribeUrl,
    };
    try {
      await jobs.add(MAIL_QUEUE, reminder, { jobId: 'reminder-1' });
      const mail = await sink.waitFor((m) => m.to.includes('reminded@'), 10_000);
      const headers = headerLines(mail.raw);
      expect(headers.get('list-unsubscribe')).toBe(
        `<${unsubscribeUrl}> (Turn off these reminders)`,
      );
      expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      // The prompt New Entry shows that day, in both parts.
      expect(mail.text).toContain(
        `Today's prompt, if you want one: ${promptOfTheDay('2026-05-04')}`,
      );
      expect(mail.html).toContain(
        promptOfTheDay('2026-05-04').replaceAll('&', '&amp;').replaceAll("'", '&#39;'),
      );
      expect(mail.text.trimEnd()).toMatch(
        new RegExp(`Turn off these reminders: ${escapeRegExp(unsubscribeUrl)}$`),
      );
      expect(mail.html).toMatch(
        new RegExp(
          `<a href="${escapeRegExp(unsubscribeUrl)}"[^>]*>Turn off these reminders</a></p>\\s*</div></body></html>\\s*$`,
        ),
      );
    } finally {
      await jobs.close();
      mailer.close();
    }
  });

  it('sends no list headers with a mail that is not a reminder', async () => {
    const jobs = inProcessJobBus(silentLogger(), 50);
    const mailer = startMailer(
      jobs,
      { SMTP_URL: sink.url, DATA_DIR: dir.dir, NODE_ENV: 'test', QUEUE_PREFIX: 'x' },
      silentLogger(),
    );
    try {
      await jobs.add(MAIL_QUEUE, job('not-listed@example.com'), { jobId: 'code-1' });
      const mail = await sink.waitFor((m) => m.to.includes('not-listed@'), 10_000);
      expect(headerLines(mail.raw).has('list-unsubscribe')).toBe(false);
      expect(mail.text).not.toContain('Turn off');
    } finally {
      await jobs.close();
      mailer.close();
    }
  });

  it('writes to DATA_DIR/outbox when no relay is configured', async () => {
    const jobs = inProcessJobBus(silentLogger(), 50);
    const mailer = startMailer(
      jobs,
      { DATA_DIR: dir.dir, NODE_ENV: 'development', QUEUE_PREFIX: 'x' },
      silentLogger(),
    );
    try {
      await jobs.add(MAIL_QUEUE, job('outbox@example.com', '987654'));
      // The file appears before its content is written: poll until it reads as a whole mail.
      const read = () => {
        try {
          const [file] = readdirSync(join(dir.dir, 'outbox'));
          return JSON.parse(readFileSync(join(dir.dir, 'outbox', file!), 'utf8'));
        } catch {
          return null;
        }
      };
      await expect.poll(read, { timeout: 5_000 }).not.toBeNull();
      const mail = read();
      expect(mail.to).toBe('outbox@example.com');
      expect(mail.text).toContain('987654');
    } finally {
      await jobs.close();
      mailer.close();
    }
  });
});

/** A raw message's header fields by lower-case name, folded lines unfolded (RFC 5322 §2.2.3). */
function headerLines(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new Map(
    head.split(/\r?\n/).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
    }),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
