import type { Locator, Page } from 'playwright-core';

/** The step-up dialog ("Confirm it's you to continue."), once a guarded action opened it. */
export async function confirmItsYouDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: "Confirm it's you to continue." });
  await dialog.waitFor();
  return dialog;
}

/**
 * Answers the step-up dialog with `password` as a person does: waits for it, types into its
 * password field (where focus starts) and presses Confirm; the guarded action then goes on by
 * itself. Answers the dialog, for tests that look further.
 *
 * @example
 * await page.getByRole('button', { name: 'Export everything' }).click();
 * await confirmItsYou(page, password);
 */
export async function confirmItsYou(page: Page, password: string): Promise<Locator> {
  const dialog = await confirmItsYouDialog(page);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return dialog;
}
