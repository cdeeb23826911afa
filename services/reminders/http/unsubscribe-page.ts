import type { ReminderKind } from '@dayframe/contracts';

/** What each kind is called on the page; a kind added later reads "these reminders" until named. */
const KIND_WORDS: Record<string, string> = {
  daily: 'daily writing reminders',
  goalsDue: 'goal due reminders',
  weekly: 'weekly digest e-mails',
  revisit: 'reminders to revisit an entry',
};

function wordsFor(kind: ReminderKind): string {
  return KIND_WORDS[kind] ?? 'these reminders';
}

const AGAIN = 'You can turn them on again in Settings → Reminders.';

/** After the one-click POST (or the page's button): the kind is off. */
export function turnedOffPage(kind: ReminderKind): string {
  const words = wordsFor(kind);
  return page(`<p>${capitalized(words)} are off. ${AGAIN}</p>`);
}

/**
 * What the link opens in a browser: a GET changes nothing (mail scanners follow links), so the
 * page asks, with one button that POSTs to the same link.
 */
export function confirmPage(kind: ReminderKind, action: string): string {
  const words = wordsFor(kind);
  return page(`<p>This turns off ${words} for your Dayframe account, without signing in. ${AGAIN}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Turn off ${words}</button>
</form>`);
}

/** A link that is not one of ours: nothing was changed. */
export function refusedPage(): string {
  return page(
    `<p>This unsubscribe link is not valid. Nothing was changed. You can turn reminders off in Settings → Reminders.</p>`,
  );
}

// Self-contained and plain: no script, no style, nothing from elsewhere, as the gateway's
// Content-Security-Policy requires of any page it serves.
function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Reminders · Dayframe</title></head>
<body><main><h1>Dayframe</h1>
${body}
</main></body></html>`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
