import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@dayframe/service-kit/http';
import { UNSUBSCRIBE_WORDS, type RenderedMail } from './render.ts';

export type Envelope = RenderedMail & {
  to: string;
  from: string;
  messageId: string;
  /** A reminder's one-click unsubscribe link: `List-Unsubscribe` and `-Post` (RFC 8058). */
  unsubscribeUrl?: string;
};

/**
 * RFC 8058's one-click unsubscribe: `List-Unsubscribe: <url> (comment)` from nodemailer's
 * `list` option, and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, which tells the mail
 * client to POST to the link rather than open it (a GET, which mail scanners follow, changes
 * nothing).
 */
export function unsubscribeHeaders(url: string | undefined) {
  if (!url) return {};
  return {
    list: { unsubscribe: { url, comment: UNSUBSCRIBE_WORDS } },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Where a rendered mail goes: a real SMTP relay, or the development outbox. */
export type MailTransport = { send(mail: Envelope): Promise<void>; close(): void };

/** nodemailer over SMTP with a pooled connection (the relay may delay each new one). */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        ...unsubscribeHeaders(mail.unsubscribeUrl),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Development without a relay: each mail becomes a JSON file in `DATA_DIR/outbox`. Outside
 * production one log line shows the code, so `npm start` on a laptop needs nothing else.
 */
export function outboxTransport(
  dir: string,
  log: Logger,
  options: { production: boolean },
): MailTransport {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(
        dir,
        `${Date.now()}-${mail.messageId.replace(/[^A-Za-z0-9.-]/g, '_')}.json`,
      );
      await writeFile(
        file,
        JSON.stringify(
          {
            to: mail.to,
            from: mail.from,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(mail.unsubscribeUrl ? { unsubscribeUrl: mail.unsubscribeUrl } : {}),
          },
          null,
          2,
        ),
        { mode: 0o600 },
      );
      if (!options.production)
        log.info(
          { to: mail.to, file },
          `development outbox: ${mail.subject}${mail.preview ? ` (${mail.preview})` : ''}`,
        );
    },
    close() {},
  };
}
