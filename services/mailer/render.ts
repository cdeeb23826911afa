import {
  dayNumber,
  dueInWords,
  goalsDueHeadline,
  promptOfTheDay,
  type DailyReminderMailJob,
  type EmailChangedMailJob,
  type GoalsDueReminderMailJob,
  type MailJob,
  type RevisitReminderMailJob,
  type SecurityNoticeMailJob,
  type TestReminderMailJob,
  type VerificationMailJob,
  type WeeklyDigestMailJob,
} from '@dayframe/contracts';

/** `preview` is for the development outbox's log line only; it is never mailed. */
export type RenderedMail = { subject: string; text: string; html: string; preview?: string };

const PRODUCT = 'Dayframe';

/**
 * Any mail job, rendered. A reminder's (any job with `unsubscribeUrl`) ends with its one-click
 * link, whatever its kind, so a kind added later cannot forget it.
 */
export function renderMail(job: MailJob): RenderedMail {
  const mail = renderKind(job);
  return 'unsubscribeUrl' in job ? withUnsubscribeLink(mail, job.unsubscribeUrl) : mail;
}

function renderKind(job: MailJob): RenderedMail {
  switch (job.kind) {
    case 'verification-code':
      return renderVerificationMail(job);
    case 'email-changed':
      return renderEmailChanged(job);
    case 'daily-reminder':
      return renderDailyReminder(job);
    case 'revisit-reminder':
      return renderRevisitReminder(job);
    case 'goals-due-reminder':
      return renderGoalsDueReminder(job);
    case 'weekly-digest':
      return renderWeeklyDigest(job);
    case 'test-reminder':
      return renderTestReminder(job);
    case 'security-notice':
      return renderSecurityNotice(job);
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
 * What each sign-in change says (issue 28): the subject, which names the account's product so a
 * notice stands out in a full inbox, and the sentence that opens the mail (the time follows it).
 */
function securityNoticeWords(job: SecurityNoticeMailJob): {
  subject: string;
  what: string;
  /** What follows from it, when the owner should know. */
  then?: string;
} {
  const passkey = job.detail ? `The passkey "${plainName(job.detail)}"` : 'A passkey';
  const account = `your ${PRODUCT} account`;
  switch (job.event) {
    case 'passkey-added':
      return {
        subject: `A passkey was added to ${account}`,
        what: `${passkey} was added to ${account}`,
      };
    case 'passkey-removed':
      return {
        subject: `A passkey was removed from ${account}`,
        what: `${passkey} was removed from ${account}`,
      };
    case 'totp-enabled':
      return {
        subject: `Authenticator app turned on for ${account}`,
        what: `An authenticator app was turned on for ${account}`,
      };
    case 'totp-disabled':
      return {
        subject: `Authenticator app turned off for ${account}`,
        what: `The authenticator app was turned off for ${account}`,
      };
    case 'recovery-codes-remade':
      return {
        subject: `New recovery codes for ${account}`,
        what: `New recovery codes were made for ${account}`,
        then: 'The old ones no longer work.',
      };
    case 'recovery-code-sign-in':
      return {
        subject: `A recovery code was used to sign in to ${account}`,
        what: `A recovery code was used to sign in to ${account}`,
      };
  }
}

/**
 * A change to how the account signs in (issue 28): what changed and when, and what to do if it
 * was not the owner. Names no secret: a passkey's name at most (as plain text, like a person's
 * name: a name cannot smuggle a link or a header into the mail).
 */
export function renderSecurityNotice(job: SecurityNoticeMailJob): RenderedMail {
  const { subject, what, then } = securityNoticeWords(job);
  const name = plainName(job.name);
  const when = `${job.at.slice(0, 10)} at ${job.at.slice(11, 16)} UTC`;
  const left =
    job.recoveryCodesLeft === undefined
      ? null
      : `You have ${job.recoveryCodesLeft} recovery ${job.recoveryCodesLeft === 1 ? 'code' : 'codes'} left. Make new ones in Settings → Sign-in and security.`;
  const lines = [
    `${what} on ${when}.${then ? ` ${then}` : ''}`,
    ...(left ? [left] : []),
    "If this wasn't you, change your password at once and check Settings → Sign-in and security.",
  ];
  const text = [`Hi ${name},`, '', ...lines.flatMap((line) => [line, '']), `— ${PRODUCT}`].join(
    '\n',
  );
  const html = page(
    [`<p>Hi ${escapeHtml(name)},</p>`, ...lines.map((line) => `<p>${escapeHtml(line)}</p>`)].join(
      '\n',
    ),
  );
  return { subject, text, html };
}

/**
 * The daily writing reminder: nothing of the journal in it (a lock screen shows subjects), only
 * the day, that day's prompt (the one New Entry shows, issue 25) and the way to New Entry. The
 * link is the deployment's own, from the reminders service.
 */
export function renderDailyReminder(job: DailyReminderMailJob): RenderedMail {
  const subject = `Time to write in ${PRODUCT}`;
  const name = plainName(job.name);
  const prompt = promptOfTheDay(job.localDate);
  const text = [
    `Hi ${name},`,
    '',
    `You haven't written an entry today (${job.localDate}) yet. A few lines are enough:`,
    '',
    `    ${job.link}`,
    '',
    `Today's prompt, if you want one: ${prompt}`,
    '',
    REMINDER_FOOTER,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = page(`<p>Hi ${escapeHtml(name)},</p>
<p>You haven't written an entry today (${escapeHtml(job.localDate)}) yet. A few lines are enough.</p>
${button(job.link, 'New Entry')}
<p>Today's prompt, if you want one:</p>
<blockquote style="margin:8px 0 16px;padding-left:12px;border-left:3px solid #4f46e5">${escapeHtml(prompt)}</blockquote>
<p style="color:#6b7280;font-size:13px">${REMINDER_FOOTER}</p>`);
  return { subject, text, html };
}

const REMINDER_FOOTER = 'You can change or turn off this reminder in Settings → Reminders.';

function button(link: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${label}</a></p>`;
}

/**
 * The goals-due reminder: every open goal due on one day, by title. The subject says how many
 * and when, never a title (subjects show on lock screens); titles are the person's own words,
 * so they are made plain (as names are) and escaped in HTML.
 */
export function renderGoalsDueReminder(job: GoalsDueReminderMailJob): RenderedMail {
  const daysAhead = dayNumber(job.dueDate) - dayNumber(job.localDate);
  const headline = goalsDueHeadline(job.goals.length, daysAhead);
  const subject = `${PRODUCT}: ${headline}`;
  const name = plainName(job.name);
  const titles = job.goals.map((goal) => plainName(goal.title));
  const lead = `${job.goals.length === 1 ? 'This goal is' : 'These goals are'} due ${dueInWords(daysAhead)} (${job.dueDate}):`;
  const text = [
    `Hi ${name},`,
    '',
    lead,
    '',
    ...titles.map((title) => `  - ${title}`),
    '',
    'See your goals:',
    '',
    `    ${job.link}`,
    '',
    REMINDER_FOOTER,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = page(`<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(lead)}</p>
<ul>
${titles.map((title) => `<li>${escapeHtml(title)}</li>`).join('\n')}
</ul>
${button(job.link, 'See your goals')}
<p style="color:#6b7280;font-size:13px">${REMINDER_FOOTER}</p>`);
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
 * A revisit reminder: the entries the person asked to see again today, each with its title, date,
 * opening lines and link. Titles and excerpts are the person's own words, but plain text all the
 * same (escaped in HTML, control characters removed, nothing a client would turn into a link), and
 * the subject names no entry: a lock screen shows subjects.
 */
export function renderRevisitReminder(job: RevisitReminderMailJob): RenderedMail {
  const subject =
    job.entries.length === 1
      ? `An entry to revisit in ${PRODUCT}`
      : `${job.entries.length} entries to revisit in ${PRODUCT}`;
  const name = plainName(job.name);
  const entries = job.entries.map((entry) => ({
    title: plainName(entry.title) || 'Untitled entry',
    excerpt: plainName(entry.excerpt),
    date: entry.date,
    link: entry.link,
  }));
  const asked =
    entries.length === 1
      ? 'You asked to be reminded of this entry today:'
      : 'You asked to be reminded of these entries today:';
  const text = [
    `Hi ${name},`,
    '',
    asked,
    ...entries.flatMap((entry) => [
      '',
      `${entry.title} (${entry.date})`,
      ...(entry.excerpt ? [`  ${entry.excerpt}`] : []),
      `    ${entry.link}`,
    ]),
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const html = page(`<p>Hi ${escapeHtml(name)},</p>
<p>${asked}</p>
${entries
  .map(
    (entry) => `<div style="margin:20px 0;padding:12px 16px;border-left:3px solid #4f46e5">
<p style="margin:0;font-weight:700"><a href="${escapeHtml(entry.link)}" style="color:#1f2937">${escapeHtml(entry.title)}</a></p>
<p style="margin:4px 0;color:#6b7280;font-size:13px">${escapeHtml(entry.date)}</p>
${entry.excerpt ? `<p style="margin:4px 0">${escapeHtml(entry.excerpt)}</p>` : ''}
<p style="margin:8px 0 0"><a href="${escapeHtml(entry.link)}">Open the entry</a></p>
</div>`,
  )
  .join('\n')}`);
  return { subject, text, html };
}

/**
 * The weekly digest: counts of the week (entries, streak, goals completed) and the goals due in
 * the next seven days by title and date. No entry's words are in it.
 */
export function renderWeeklyDigest(job: WeeklyDigestMailJob): RenderedMail {
  const subject = `Your week in ${PRODUCT}`;
  const name = plainName(job.name);
  const week = `Your week, ${job.weekFrom} to ${job.weekTo}:`;
  const counts: [string, string][] = [
    ['Entries written', String(job.written)],
    ['Writing streak', `${job.streak} ${job.streak === 1 ? 'day' : 'days'}`],
    ['Goals completed', String(job.goalsCompleted)],
  ];
  const due = job.goalsDueNextWeek.map((goal) => ({
    title: plainName(goal.title),
    dueDate: goal.dueDate,
  }));
  const dueLead =
    due.length === 0 ? 'No goals are due in the next 7 days.' : 'Goals due in the next 7 days:';
  const text = [
    `Hi ${name},`,
    '',
    week,
    '',
    ...counts.map(([label, value]) => `  ${label}: ${value}`),
    '',
    dueLead,
    ...(due.length > 0
      ? ['', ...due.map((goal) => `  - ${goal.title} (due ${goal.dueDate})`)]
      : []),
    '',
    'See your dashboard:',
    '',
    `    ${job.link}`,
    '',
    REMINDER_FOOTER,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
  const dueList =
    due.length === 0
      ? ''
      : `<ul>
${due.map((goal) => `<li>${escapeHtml(goal.title)} <span style="color:#6b7280">(due ${escapeHtml(goal.dueDate)})</span></li>`).join('\n')}
</ul>`;
  const html = page(`<p>Hi ${escapeHtml(name)},</p>
<p>${escapeHtml(week)}</p>
<table style="border-collapse:collapse;margin:8px 0 16px">
${counts.map(([label, value]) => `<tr><td style="padding:4px 16px 4px 0">${label}</td><td style="font-weight:700">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>${dueLead}</p>
${dueList}
${button(job.link, 'See your dashboard')}
<p style="color:#6b7280;font-size:13px">${REMINDER_FOOTER}</p>`);
  return { subject, text, html };
}

/**
 * A user's name (or a goal's title) as it may appear in a mail: anyone can sign up as "Support: visit evil.com",
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

/** The words of a reminder's unsubscribe link, in the body and in `List-Unsubscribe`. */
export const UNSUBSCRIBE_WORDS = 'Turn off these reminders';

/** The mail with its unsubscribe link last, in the text and inside the HTML's card. */
export function withUnsubscribeLink(mail: RenderedMail, url: string): RenderedMail {
  const link = `<p style="color:#6b7280;font-size:13px;margin-top:24px"><a href="${escapeHtml(url)}" style="color:#6b7280">${UNSUBSCRIBE_WORDS}</a></p>`;
  return {
    ...mail,
    text: `${mail.text}\n\n${UNSUBSCRIBE_WORDS}: ${url}`,
    html: mail.html.endsWith(PAGE_END)
      ? `${mail.html.slice(0, -PAGE_END.length)}\n${link}${PAGE_END}`
      : `${mail.html}\n${link}`,
  };
}

const PAGE_END = '\n</div></body></html>';

function page(body: string): string {
  return `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${PRODUCT}</h1>
${body}${PAGE_END}`;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
