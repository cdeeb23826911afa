import type {
  DailyReminderMailJob,
  EmailChangedMailJob,
  MailJob,
  TestReminderMailJob,
  VerificationMailJob,
} from '@dayframe/contracts';

/** `preview` is for the development outbox's log line only; it is never mailed. */
export type RenderedMail = { subject: string; text: string; html: string; preview?: string };

const PRODUCT = 'Dayframe';

/** Any mail job, rendered. */
export function renderMail(job: MailJob): RenderedMail {
  switch (job.kind) {
    case 'verification-code':
      return renderVerificationMail(job);
    case 'email-changed':
      return renderEmailChanged(job);
    case 'daily-reminder':
      return renderDailyReminder(job);
    case 'test-reminder':
      return renderTestReminder(job);
  }
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
 * The daily writing reminder: nothing of the journal in it (a lock screen shows subjects), only
 * the day and the way to New Entry. The link is the deployment's own, from the reminders service.
 */
export function renderDailyReminder(job: DailyReminderMailJob): RenderedMail {
  const subject = `Time to write in ${PRODUCT}`;
  const name = plainName(job.name);
  const text = [
    `Hi ${name},`,
    '',
    `You haven't written an entry today (${job.localDate}) yet. A few lines are enough:`,
    '',
    `    ${job.link}`,
    '',
    'You can change or turn off this reminder in Settings → Reminders.',
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = page(`<p>Hi ${escapeHtml(name)},</p>
<p>You haven't written an entry today (${escapeHtml(job.localDate)}) yet. A few lines are enough.</p>
<p style="margin:24px 0"><a href="${escapeHtml(job.link)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">New Entry</a></p>
<p style="color:#6b7280;font-size:13px">You can change or turn off this reminder in Settings → Reminders.</p>`);
  return { subject, text, html };
}

/** "Send a test" by e-mail: says it is a test, and shows the way a real reminder would. */
export function renderTestReminder(job: TestReminderMailJob): RenderedMail {
  const subject = `A test reminder from ${PRODUCT}`;
  const name = plainName(job.name);
  const text = [
    `Hi ${name},`,
    '',
    `This is a test. Your ${PRODUCT} reminders will arrive at this address like this one.`,
    'A reminder to write takes you straight to a new entry:',
    '',
    `    ${job.link}`,
    '',
    'You can change or turn off reminders in Settings → Reminders.',
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = page(`<p>Hi ${escapeHtml(name)},</p>
<p>This is a test. Your ${PRODUCT} reminders will arrive at this address like this one.</p>
<p>A reminder to write takes you straight to a new entry.</p>
<p style="margin:24px 0"><a href="${escapeHtml(job.link)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">New Entry</a></p>
<p style="color:#6b7280;font-size:13px">You can change or turn off reminders in Settings → Reminders.</p>`);
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
