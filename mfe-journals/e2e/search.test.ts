import { describe, expect, it } from 'vitest';
import { appForSuite } from '@dayframe/e2e-kit';

/** expect.poll with room for a loaded machine (see journals.test.ts). */
function eventually<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000 });
}

describe('the search screen in Chromium', () => {
  const app = appForSuite();

  it('keeps the query in the URL, marks matches, leaves stored markup inert, and Back returns to the previous search', async () => {
    const { page, token } = await app.signedIn('Ada', 'ada@example.com');
    const call = async (method: string, path: string, body: unknown) => {
      const answer = await app.api.call(method, path, { token, body });
      expect(answer.status).toBe(201);
      return answer.body;
    };
    const journal = await call('POST', '/api/journals', { title: 'Travel log' });
    const cafe = await call('POST', `/api/entry/${journal._id}`, {
      title: 'Lisbon',
      content: 'Coffee at the Café Brasileira, then <script>window.pwned=1</script> a tram ride.',
      date: '2026-11-02',
    });
    await call('POST', `/api/entry/${journal._id}`, {
      title: 'Porto',
      content: 'Bookshops and bridges.',
      date: '2026-11-05',
    });
    await call('POST', '/api/goals', {
      title: 'Write somewhere new',
      description: 'A quiet cafe with a window seat',
      dateDue: '2026-12-20',
      dateSet: '2026-11-01',
    });

    await page.goto('/search?q=cafe');
    const entries = page.getByRole('region', { name: 'Entries' });
    const goals = page.getByRole('region', { name: 'Goals' });
    await eventually(() => entries.getByRole('link').count()).toBe(1);
    const entryLink = entries.getByRole('link');
    expect(await entryLink.getAttribute('href')).toBe(
      `/journals/${journal._id}/entries/${cafe._id}`,
    );
    expect(await entryLink.textContent()).toContain('Travel log');
    expect(await entryLink.textContent()).toContain('Nov 02, 2026');
    // "cafe" typed, "Café" found and marked as written.
    expect(await entryLink.locator('mark').allInnerTexts()).toEqual(['Café']);
    expect(await goals.locator('mark').allInnerTexts()).toEqual(['cafe']);
    expect(await goals.getByRole('link').getAttribute('href')).toBe('/goals');

    // The stored <script> is shown as text and never ran.
    await page.goto('/search?q=tram');
    await eventually(() => entries.locator('mark').allInnerTexts()).toEqual(['tram']);
    expect(await entryLink.innerText()).toContain('<script>window.pwned=1</script>');
    expect(await page.locator('main script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

    // A search typed on the screen goes into the URL; Back returns to the one before.
    const box = page.getByRole('searchbox', { name: 'Search your entries and goals' });
    await box.fill('bridges');
    await box.press('Enter');
    await eventually(() => page.url()).toMatch(/\/search\?q=bridges$/);
    await eventually(() => entries.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Porto',
    ]);
    await page.goBack();
    await eventually(() => page.url()).toMatch(/\/search\?q=tram$/);
    await eventually(() => entries.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Lisbon',
    ]);
    expect(await box.inputValue()).toBe('tram');

    // Nothing found says so; a result opens its entry.
    await page.goto('/search?q=zebra');
    await eventually(() => page.getByText('Nothing found').count()).toBe(1);
    await page.goto('/search?q=cafe');
    await entryLink.click();
    await eventually(() => page.url()).toMatch(
      new RegExp(`/journals/${journal._id}/entries/${cafe._id}$`),
    );
  }, 120_000);
});
