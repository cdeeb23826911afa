/**
 * A prerendered form page (/login, /signup, /forgot) shows its fields before the app has
 * hydrated them, and a visitor on a slow phone may type, even submit, in that window. React
 * keeps the typed text on screen when it hydrates, but its state still holds the empty values
 * it rendered, so a submit would say the fields are empty. `adoptEarlyInput` hands React what
 * was typed; `replayHeldSubmit` then sends the submit that shell/public/theme-init.js held.
 */

declare global {
  interface Window {
    /** A form submitted before the app ran, held by shell/public/theme-init.js. */
    dayframeHeldSubmit?: { form: HTMLFormElement; submitter: HTMLElement | null };
  }
}

/**
 * Tells React about each field whose text differs from the value it hydrated with (its
 * `defaultValue`). React notices a change by comparing the field with the last value it saw,
 * so the field is first set to that value through React's own setter, then to the typed text
 * through the browser's, and an `input` event follows: what a keystroke does.
 */
export function adoptEarlyInput(scope: ParentNode): void {
  // Looked up here, not at import: the prerender imports this module in Node.
  const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  for (const field of scope.querySelectorAll('input')) {
    if (field.type === 'checkbox' || field.type === 'radio') continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    setNativeValue.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Submits again, through React's handler this time, the form sent before the app ran. Taken
 * once: StrictMode runs effects twice in development. A form no longer in the page (replaced
 * by a failed hydration) is dropped.
 */
export function replayHeldSubmit(): void {
  const held = window.dayframeHeldSubmit;
  delete window.dayframeHeldSubmit;
  if (!held?.form.isConnected) return;
  held.form.requestSubmit(held.submitter?.isConnected ? held.submitter : null);
}
