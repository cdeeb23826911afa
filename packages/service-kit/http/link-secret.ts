import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A link key shorter than this is refused in production (HMAC-SHA256's own block of strength). */
export const MIN_LINK_SECRET_BYTES = 32;

/**
 * The key a service signs its links with (media's file links, reminders' unsubscribe links):
 * the variable `name` when set; in production it is required, 32 bytes or more, and not the
 * .env.example placeholder. Elsewhere, without it, one made once and kept in `DATA_DIR/<file>`,
 * as the development token keys are, so links survive a restart and every process of one
 * checkout agrees.
 */
export function linkSecret(config: {
  name: string;
  value: string | undefined;
  NODE_ENV: string;
  DATA_DIR: string;
  file: string;
}): Buffer {
  const given = config.value;
  if (config.NODE_ENV === 'production') {
    if (!given || /change[-_ ]?me/i.test(given) || Buffer.byteLength(given) < MIN_LINK_SECRET_BYTES)
      throw new Error(
        `Invalid configuration: ${config.name}: required when NODE_ENV=production, 32 bytes or more`,
      );
  }
  if (given) return Buffer.from(given, 'utf8');
  return developmentSecret(join(config.DATA_DIR, config.file), config.DATA_DIR);
}

function developmentSecret(file: string, dataDir: string): Buffer {
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    // Written aside, then linked into place: a process racing us never reads half a key.
    const draft = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(draft, secret, { mode: 0o600 });
    try {
      linkSync(draft, file);
      return Buffer.from(secret, 'hex');
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'); // another process won
    } finally {
      rmSync(draft, { force: true });
    }
  }
}
