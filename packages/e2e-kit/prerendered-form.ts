import type { Page } from 'playwright-core';

/**
 * Opens a prerendered page with a form (`/login`, `/signup`, `/forgot`) and waits until React
 * has hydrated that form. The static HTML shows the fields at once, and `goto` can return
 * before the app has taken them over on a busy machine; a submit in that window posts the page
 * to itself instead of reaching the app (a CI run lost a login's toast that way).
 */
export async function openPrerenderedForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const form = document.querySelector('#root form');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
  });
}
