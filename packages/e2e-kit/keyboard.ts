// Walking a screen with the keyboard alone, as a person who cannot use a mouse does.
import type { Locator, Page } from 'playwright-core';
import { focusedControl } from './accessibility.ts';

/** More presses than any screen has controls before the one sought: a missing control fails. */
const MAX_PRESSES = 60;

/**
 * A keyboard-only walk over `page`: Tab and Shift+Tab to a control, then Enter, Space, Escape
 * or typing into whatever has focus. No clicks and no `fill`: only what a keyboard can do.
 * Every control Tab lands on must show its focus; `unseen` lists those that did not.
 */
export function keyboardWalk(page: Page) {
  const unseen: string[] = [];

  async function isFocused(target: Locator): Promise<boolean> {
    return target
      .first()
      .evaluate(
        (el) => el === document.activeElement || el.contains(document.activeElement),
        undefined,
        { timeout: 5_000 },
      )
      .catch(() => false);
  }

  return {
    unseen,
    /**
     * Presses Tab (or Shift+Tab with `backwards`) until `target` has focus, checking on every
     * stop that the focus can be seen. Throws, naming the stops, when it never gets there.
     */
    async tabTo(target: Locator, { backwards = false } = {}): Promise<void> {
      const stops: string[] = [];
      for (let i = 0; i < MAX_PRESSES; i++) {
        await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
        const focused = await focusedControl(page);
        if (focused) {
          stops.push(focused.name);
          if (process.env.KEYBOARD_TRACE) console.log(`Tab → ${focused.name}`);
          if (!focused.visible && !unseen.includes(focused.name)) unseen.push(focused.name);
        }
        if (await isFocused(target)) return;
      }
      throw new Error(`Tab never reached ${String(target)}; it stopped on: ${stops.join(', ')}`);
    },
    /** Presses `key` (Enter, Space, Escape, ArrowDown…) on whatever has focus. */
    press(key: string): Promise<void> {
      return page.keyboard.press(key);
    },
    /** Types into whatever has focus, as keystrokes. */
    type(text: string): Promise<void> {
      return page.keyboard.type(text);
    },
    /** Whether `target` has keyboard focus now. */
    isFocused,
  };
}
