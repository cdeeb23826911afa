import { useEffect, useId, useRef } from 'react';
import { CheckIcon, CopyIcon, DownloadIcon, toast, useSession } from '@dayframe/web-kit';
import { SECURITY_TEXT, copyText, recoveryCodesFile } from '../sign-in-security-text.ts';

/**
 * The recovery codes, shown once (the server keeps only their hashes): a grid to read, Copy,
 * and Download as a .txt file; Done hides them for good. Focus moves to the panel's heading as
 * it appears, so a screen reader hears it at once.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { user } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const file = recoveryCodesFile(codes, user?.email ?? '');

  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    if (await copyText(codes.join('\n'))) toast.success(SECURITY_TEXT.copied);
    else toast.error(SECURITY_TEXT.copyFailed);
  }

  function download() {
    const url = URL.createObjectURL(new Blob([file], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = SECURITY_TEXT.codesFile;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-box border border-warning/50 bg-warning/5 p-4 sm:p-5"
    >
      <h4 id={headingId} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {SECURITY_TEXT.codesTitle}
      </h4>
      <p className="mt-1 text-sm text-base-content/80">{SECURITY_TEXT.codesIntro}</p>
      <ul
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 rounded-field bg-base-100 p-4 font-mono text-sm sm:text-base"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
          <CopyIcon className="size-4" />
          Copy
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={download}>
          <DownloadIcon className="size-4" />
          Download
        </button>
        <button type="button" className="btn btn-primary btn-sm sm:ml-auto" onClick={onDone}>
          <CheckIcon className="size-4" />I saved them
        </button>
      </div>
    </section>
  );
}
