import type { Page } from 'playwright-core';

/**
 * Opens a prerendered page with a form (`/login`, `/signup`, `/forgot`) and waits until React
 * has hydrated that form, so the test drives the app as it is once loaded. What is typed and
 * sent before that is the app's to pass on too, and shell/e2e/early-input.test.ts tests that
 * window on purpose rather than by the machine's timing.
 */
export async function openPrerenderedForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(formIsHydrated);
}

/** Run in the page: whether React owns the page's form yet (its fiber is on the node). */
export function formIsHydrated(): boolean {
  const form = document.querySelector('#root form');
  return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
}
