import type { VerificationMailJob } from '@dayframe/contracts';

export type RenderedMail = { subject: string; text: string; html: string };

const PRODUCT = 'Dayframe';

/** The verification mail, in text and HTML: the product, the code and how long it is valid. */
export function renderVerificationMail(job: VerificationMailJob): RenderedMail {
  const subject = `Your ${PRODUCT} code: ${job.code}`;
  const text = [
    `Hi ${job.name},`,
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
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f9fafb;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${PRODUCT}</h1>
<p>Hi ${escapeHtml(job.name)},</p>
<p>Your verification code is:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:16px 0">${job.code}</p>
<p>It is valid for <strong>10 minutes</strong> and can be used once.</p>
<p style="color:#6b7280;font-size:13px">If you didn't ask for it, you can ignore this e-mail.</p>
</div></body></html>`;
  return { subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
