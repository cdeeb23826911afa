import type { EmailChangedMailJob, MailJob, VerificationMailJob } from '@dayframe/contracts';

/** `preview` is for the development outbox's log line only; it is never mailed. */
export type RenderedMail = { subject: string; text: string; html: string; preview?: string };

const PRODUCT = 'Dayframe';

/** Any mail job, rendered. */
export function renderMail(job: MailJob): RenderedMail {
  return job.kind === 'verification-code' ? renderVerificationMail(job) : renderEmailChanged(job);
}

/**
 * The verification mail, in text and HTML: the product, the code and how long it is valid. The
 * code is not in the subject: subjects show up in notifications, lock screens and mail logs.
 */
export function renderVerificationMail(job: VerificationMailJob): RenderedMail {
  const subject = `Your ${PRODUCT} verification code`;
  const name = plainName(job.name);
  const text = [
    `Hi ${name},`,
    '',
    `Your ${PRODUCT} verification code is:`,
    '',
    `    ${job.code}`,
    '',
    'It is valid for 10 minutes and can be used once.',
    "If you didn't ask for it, you can ignore this e-mail.",
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = page(`<p>Hi ${escapeHtml(name)},</p>
<p>Your verification code is:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:16px 0">${job.code}</p>
<p>It is valid for <strong>10 minutes</strong> and can be used once.</p>
<p style="color:#6b7280;font-size:13px">If you didn't ask for it, you can ignore this e-mail.</p>`);
  return { subject, text, html, preview: `code ${job.code}` };
}

/** To the old address after an e-mail change, so a takeover does not go unnoticed. */
export function renderEmailChanged(job: EmailChangedMailJob): RenderedMail {
  const subject = `Your ${PRODUCT} e-mail address was changed`;
  const name = plainName(job.name);
  const newEmail = defang(job.newEmail);
  const text = [
    `Hi ${name},`,
    '',
    `The e-mail address of your ${PRODUCT} account was changed to ${newEmail}.`,
    'Mail about your account now goes there, and every other session was signed out.',
    '',
    "If this wasn't you, reply to this e-mail at once so we can help you get your account back.",
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = page(`<p>Hi ${escapeHtml(name)},</p>
<p>The e-mail address of your ${PRODUCT} account was changed to <strong>${escapeHtml(newEmail)}</strong>.</p>
<p>Mail about your account now goes there, and every other session was signed out.</p>
<p>If this wasn't you, reply to this e-mail at once so we can help you get your account back.</p>`);
  return { subject, text, html };
}

/**
 * A user's name as it may appear in a mail: anyone can sign up as "Support: visit evil.com",
 * so control characters (new lines that fake a mail's layout, bidi overrides) are removed and
 * anything a mail client would turn into a link is broken up: `evil[.]com`, `hxxp://`.
 */
export function plainName(name: string): string {
  return defang(
    name
      .normalize('NFC')
      .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Breaks what a mail client would autolink: schemes, `www.`, and dots between name parts. */
function defang(value: string): string {
  return value
    .replace(
      /\b([a-z][a-z0-9+.-]*):\/\//gi,
      (_m, scheme: string) => `${scheme.replace(/t/gi, 'x')}[:]//`,
    )
    .replace(/([\p{L}\p{N}_-])\.(?=[\p{L}\p{N}_-])/gu, '$1[.]');
}

function page(body: string): string {
  return `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${PRODUCT}</h1>
${body}
</div></body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
