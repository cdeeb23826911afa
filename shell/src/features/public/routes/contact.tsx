import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon, MailIcon, toast, useDocumentTitle } from '@dayframe/web-kit';

export const SUPPORT_EMAIL = 'support@dayframe.app';
/** Spec §9. */
export const COPIED_MS = 1500;

/** Spec §2: `/contact`, a mailto link and a copy-e-mail button. */
export function ContactPage() {
  useDocumentTitle('Contact');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(SUPPORT_EMAIL);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error(`Couldn't copy. The address is ${SUPPORT_EMAIL}`);
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-4xl font-extrabold tracking-tight">Contact support</h1>
      <p className="mt-4 text-lg text-base-content/70">
        Questions, a problem, or a request to delete your data? Write to us and a person will
        answer, usually within one working day.
      </p>
      <div className="mt-10 rounded-box border border-base-300/80 bg-base-100 p-6 shadow-sm">
        <div className="flex items-center gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-box bg-primary/10 text-primary">
            <MailIcon className="size-6" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-base-content/60">E-mail</p>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className="link link-primary break-all text-lg font-semibold"
            >
              {SUPPORT_EMAIL}
            </a>
          </div>
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <a href={`mailto:${SUPPORT_EMAIL}`} className="btn btn-primary">
            <MailIcon className="size-5" /> Send an e-mail
          </a>
          <button type="button" className="btn btn-outline" onClick={copy}>
            {copied ? <CheckIcon className="size-5" /> : <CopyIcon className="size-5" />}
            Copy e-mail
          </button>
          <span role="status" className="text-sm font-medium text-success">
            {copied ? 'Copied!' : ''}
          </span>
        </div>
      </div>
    </div>
  );
}
