/**
 * An experiment, not part of the default run: the fix proposed for figure 3, applied from outside.
 * Loaded with `--import` (set `BENCH_BCRYPT_SLOTS=1` for `npm run bench`), it lets at most that
 * many bcrypt hashes or compares run at once in the process; the rest wait their turn. bcrypt's
 * async API runs on libuv's pool (4 threads), so 20 logins otherwise keep 4 threads hashing on
 * a 2-core machine and starve the event loop's thread.
 */
import { createRequire } from 'node:module';

type Bcrypt = Record<'hash' | 'compare', (...args: unknown[]) => Promise<unknown>>;

const slots = Number(process.env.BENCH_BCRYPT_SLOTS);
if (slots > 0) {
  const bcrypt = createRequire(import.meta.url)('bcrypt') as Bcrypt;
  let running = 0;
  const waiting: (() => void)[] = [];
  const limited =
    (fn: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]) => {
      if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await fn(...args);
      } finally {
        running--;
        waiting.shift()?.();
      }
    };
  bcrypt.hash = limited(bcrypt.hash.bind(bcrypt));
  bcrypt.compare = limited(bcrypt.compare.bind(bcrypt));
}
