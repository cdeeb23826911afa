// What accessibility tests check on a real page: axe-core's audit and the keyboard's focus.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts that fail a screen: a person using assistive technology is blocked or misled. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until no animation or transition that ends is running: a dialog still fading in has
 * blended colours, and axe would measure their contrast (a CI run failed a day list opening in
 * the dark theme at 3.57:1 that way). Endless animations (a spinner) and scroll-driven ones
 * (daisyUI's `set-page-has-scroll` on <html>, which never finishes) are not waited for.
 */
async function untilStill(page: Page): Promise<void> {
  // A function, not a string: the app's CSP forbids evaluating strings in the page.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.timeline !== document.timeline ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * Runs axe-core on the page once it is still and returns its serious and critical violations,
 * one readable line per failing element (rule, impact, target and axe's own summary), so a
 * failed assertion says what to fix and where without a second run.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  await untilStill(page);
  // Only violations are read: axe then skips the detail it gathers for passing checks, which
  // on a busy machine halves the time of a screen with hundreds of elements (the dashboard's year).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ').trim() ?? violation.help
          }`,
      ),
    );
}

/** What has keyboard focus now, as a test can assert on and a failure message can show. */
export type FocusedControl = {
  /** Tag, role and accessible text, e.g. `button "Create"`. */
  name: string;
  /** Whether the browser draws a focus indicator on it (an outline or a ring). */
  visible: boolean;
};

/**
 * The focused element and whether its focus can be seen: the browser draws an outline (style not
 * `none`, some width) or a ring (a box-shadow with spread and no offset or blur, as Tailwind's
 * `ring` utilities draw it). What is drawn is checked rather than `:focus-visible` alone: a date
 * input's focus sits in its inner day/month/year fields, so the input is not `:focus-visible`
 * although it draws its focus outline. A field wrapped in a `<label>` that draws the focus for it
 * (daisyUI's `label.input`), or in a `.input` box that draws it, counts as visible too.
 */
export function focusedControl(page: Page): Promise<FocusedControl | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const drawsFocus = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || /0px 0px 0px [1-9]/.test(style.boxShadow);
    };
    // A field inside daisyUI's `label.input` (or a chip box, a `div.input` holding chips and the
    // field) has no outline of its own: the wrapper draws it, on :focus-within.
    const wrapper = el.parentElement?.closest('label, .input');
    const visible = drawsFocus(el) || (wrapper ? drawsFocus(wrapper) : false);
    const field =
      el instanceof HTMLInputElement ||
      el instanceof HTMLSelectElement ||
      el instanceof HTMLTextAreaElement;
    const role =
      el.getAttribute('role') ??
      el.tagName.toLowerCase() + (el instanceof HTMLInputElement ? `[${el.type}]` : '');
    const text = (
      el.getAttribute('aria-label') ??
      (field ? el.labels?.[0]?.textContent : null) ??
      el.textContent ??
      ''
    )
      .trim()
      .slice(0, 40);
    return { name: `${role} "${text}"`, visible };
  });
}
