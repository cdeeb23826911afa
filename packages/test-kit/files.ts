import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh DATA_DIR for one test file. */
export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'dayframe-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
