/**
 * jsdom has `<dialog>` but not `showModal()` or `close()`. Component tests (vitest's dom
 * project loads this file first) get just enough of the browser's behaviour to drive web-kit's
 * Dialog the way a person does: opening focuses the first control (or `[autofocus]`), Escape
 * sends `cancel` to the top-most modal dialog and closes it unless cancelled, and `close` is
 * sent after a close, a task later as in browsers. The inert page and Tab staying inside are not
 * imitated: shell/e2e/dialogs.test.ts checks those in Chromium.
 */
const FOCUSABLE =
  '[autofocus], a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  const modals: HTMLDialogElement[] = [];

  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      if (this.open) return;
      this.setAttribute('open', '');
      modals.push(this);
      const first =
        this.querySelector<HTMLElement>('[autofocus]') ??
        this.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? this).focus();
    },
    close(this: HTMLDialogElement, returnValue?: string) {
      if (!this.open) return;
      this.removeAttribute('open');
      modals.splice(modals.indexOf(this), 1);
      if (returnValue !== undefined) this.returnValue = returnValue;
      setTimeout(() => this.dispatchEvent(new Event('close')));
    },
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modals.filter((dialog) => dialog.isConnected).at(-1);
    if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
