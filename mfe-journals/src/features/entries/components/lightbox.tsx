import { useEffect, useId, useRef } from 'react';
import { useMediaHost } from '@dayframe/markdown/media';
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon, Dialog } from '@dayframe/web-kit';
import type { Viewing } from './photo-viewer.ts';

/**
 * One photo at a time, as large as the screen allows (the 1600 px display copy when there is
 * one): Previous and Next (or ← and →) step through the entry's photos, Escape or Close return
 * focus to what opened it. The web kit's dialog (a native `<dialog>` with `showModal()`).
 */
export function Lightbox({
  viewing,
  onIndex,
  onClose,
}: {
  viewing: Viewing;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const host = useMediaHost();
  const titleId = useId();
  const { photos, index } = viewing;
  const photo = photos[index]!;
  const state = host?.resolveMedia(photo.id);
  const item = typeof state === 'object' ? state : null;
  const count = photos.length;
  const go = (step: number) => onIndex((index + step + count) % count);

  // ← and → act wherever focus is while it is open (the dialog makes the page behind inert, so
  // the keys are the lightbox's), the dialog itself included.
  const latest = useRef(go);
  latest.current = go;
  useEffect(() => {
    if (count < 2) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === 'ArrowRight') latest.current(1);
      else if (event.key === 'ArrowLeft') latest.current(-1);
      else return;
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count]);
  const close = useRef<HTMLButtonElement>(null);

  return (
    <Dialog
      open
      onClose={onClose}
      labelledBy={titleId}
      returnFocus={viewing.opener}
      initialFocus={close}
      className="lightbox"
      boxClassName="lightbox-box"
    >
      <div className="lightbox-frame">
        <div className="lightbox-bar">
          <h2 id={titleId} className="lightbox-title">
            {photo.caption || 'Photo'}
          </h2>
          <span className="lightbox-count" aria-live="polite">
            {index + 1} of {count}
          </span>
          <button
            ref={close}
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label="Close"
            onClick={onClose}
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="lightbox-stage">
          {item ? (
            <img
              key={item.id}
              src={item.displayUrl ?? item.url}
              width={item.width}
              height={item.height}
              alt={photo.caption}
              decoding="async"
            />
          ) : (
            <p className="text-base-content/70">
              {state === 'loading' ? 'Loading photo…' : 'Photo unavailable'}
            </p>
          )}
        </div>
        {count > 1 ? (
          <div className="lightbox-nav">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => go(-1)}>
              <ArrowLeftIcon className="size-4" /> Previous
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => go(1)}>
              Next <ArrowRightIcon className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
