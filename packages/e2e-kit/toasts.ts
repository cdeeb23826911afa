import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Added to every test page before its own scripts: writes down each toast text as it appears.
 * A success toast lasts 2 s, and on a loaded CI machine one poll of the screen can take about
 * as long, so a test that only looked at the screen could miss a toast that was shown.
 */
export const TOAST_RECORDER = `(() => {
  // Every text a toast has shown since the page opened, oldest first.
  const shown = (window.__toastsShown = []);
  const seen = new WeakMap();
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-testid="toasts"] > [data-kind]')) {
      const text = (toast.textContent || '').trim();
      if (seen.get(toast) !== text) {
        seen.set(toast, text);
        shown.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * Takes the first recorded toast saying exactly `message` off the record, so one toast meets
 * one expectation; answers the record as it stands when there is none yet. A string, not a
 * function: the test transform may wrap functions in helpers the page does not have.
 */
function takeToastScript(message: string): string {
  return `(() => {
    const shown = window.__toastsShown || [];
    const at = shown.indexOf(${JSON.stringify(message)});
    if (at === -1) return shown.slice();
    shown.splice(at, 1);
    return true;
  })()`;
}

/**
 * Waits for a toast saying exactly `message` to have been shown since the last one taken. A
 * failure prints what the toasts said instead (a cooldown, an error): the clue a flaky run
 * leaves.
 */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect.poll(() => page.evaluate<true | string[]>(takeToastScript(message))).toBe(true);
}
