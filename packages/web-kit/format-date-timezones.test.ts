import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A calendar date must read the same everywhere; Date parsing would shift it a day west of UTC.
describe('formatDate across time zones', () => {
  it.each(['Pacific/Honolulu', 'America/Los_Angeles', 'UTC', 'Asia/Tokyo', 'Pacific/Kiritimati'])(
    'keeps 2026-11-05 on Nov 05 in %s',
    (zone) => {
      const module = path.join(import.meta.dirname, 'format-date.ts');
      const out = execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import(${JSON.stringify(module)}).then(m => process.stdout.write(m.formatDate('2026-11-05')))`,
        ],
        { env: { ...process.env, TZ: zone }, encoding: 'utf8' },
      );
      expect(out).toBe('Nov 05, 2026');
    },
  );
});
