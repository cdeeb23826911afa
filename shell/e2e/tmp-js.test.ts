import { it } from 'vitest';
import { appForSuite, recordNetwork } from '@dayframe/e2e-kit';
const app = appForSuite();
it('lists', async () => {
  const { token } = await app.verifiedAccount('Ada', 'ada@example.com');
  const page = await app.page('desktop');
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  const net = await recordNetwork(page);
  const mark = net.mark();
  await page.goto('/journals', { waitUntil: 'networkidle' });
  for (const f of net.list(mark).filter((f) => f.type === 'Script')) console.log('JS', f.bytes, f.url);
}, 60_000);
