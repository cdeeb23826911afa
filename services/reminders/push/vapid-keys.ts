import { createECDH } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

/**
 * The server's VAPID identity (RFC 8292): the key pair every push is signed with and the
 * contact a push service may write to. A browser subscribes with the public key, so changing
 * it orphans every subscription: it is made once and kept, never made per start.
 */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

type VapidEnv = {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  NODE_ENV?: string;
};

/** Where `npm start` keeps the keys it made, beside the other development secrets. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';
/** A contact for keys made on a developer's machine, where no operator set one. */
const DEVELOPMENT_SUBJECT = 'mailto:reminders@dayframe.invalid';

/**
 * `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` (and `VAPID_SUBJECT`) from the environment when
 * set. Otherwise, outside production, a pair made once with web-push and kept in
 * `DATA_DIR/vapid-keys.json` (0600), read back on each start. Production must set them: each
 * replica making its own pair would sign with a key the browsers never subscribed with.
 */
export function vapidKeys(env: VapidEnv, dataDir: string): VapidKeys {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  const subject = env.VAPID_SUBJECT?.trim() || undefined;
  if (subject !== undefined && !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject))
    throw invalid('VAPID_SUBJECT', 'a mailto: address or an https: URL');
  if ((publicKey === undefined) !== (privateKey === undefined))
    throw invalid(
      publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY',
      'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  if (publicKey !== undefined && privateKey !== undefined) {
    checkPair(publicKey, privateKey, (name, why) => invalid(name, why));
    if (env.NODE_ENV === 'production' && subject === undefined)
      throw invalid('VAPID_SUBJECT', 'required when NODE_ENV=production');
    return { publicKey, privateKey, subject: subject ?? DEVELOPMENT_SUBJECT };
  }
  if (env.NODE_ENV === 'production')
    throw invalid('VAPID_PUBLIC_KEY', 'required when NODE_ENV=production (with VAPID_PRIVATE_KEY)');
  return { ...developmentKeys(dataDir), subject: subject ?? DEVELOPMENT_SUBJECT };
}

function invalid(name: string, why: string): Error {
  // Names the variable and what it must be, never its value: it may be the private key.
  return new Error(`Invalid configuration: ${name}: ${why}`);
}

/** The pair must be a P-256 pair in base64url, and the public key the private key's own. */
function checkPair(
  publicKey: string,
  privateKey: string,
  fail: (name: string, why: string) => Error,
): void {
  const publicBytes = Buffer.from(publicKey, 'base64url');
  const privateBytes = Buffer.from(privateKey, 'base64url');
  if (!/^[\w-]+$/.test(publicKey) || publicBytes.length !== 65 || publicBytes[0] !== 4)
    throw fail('VAPID_PUBLIC_KEY', 'must be a P-256 public key (65 bytes) in base64url');
  if (!/^[\w-]+$/.test(privateKey) || privateBytes.length !== 32)
    throw fail('VAPID_PRIVATE_KEY', 'must be a P-256 private key (32 bytes) in base64url');
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateBytes);
  } catch {
    throw fail('VAPID_PRIVATE_KEY', 'is not a P-256 private key');
  }
  if (!ecdh.getPublicKey().equals(publicBytes))
    throw fail('VAPID_PUBLIC_KEY', 'is not the public key of VAPID_PRIVATE_KEY');
}

function developmentKeys(dataDir: string): Omit<VapidKeys, 'subject'> {
  const file = join(dataDir, VAPID_KEYS_FILE);
  const unusable = (why: string) =>
    new Error(`${file} holds no usable VAPID keys (${why}): remove it to make new ones`);
  const readBack = () => {
    const text = readFileSync(file, 'utf8');
    let kept: Partial<Record<'publicKey' | 'privateKey', unknown>>;
    try {
      kept = JSON.parse(text) as typeof kept;
    } catch {
      // Not JSON.parse's message: it quotes the text, which holds the private key.
      throw unusable('not JSON');
    }
    const { publicKey, privateKey } = kept;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string')
      throw unusable('no publicKey and privateKey');
    checkPair(publicKey, privateKey, (_, why) => unusable(why));
    return { publicKey, privateKey };
  };
  try {
    return readBack();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  // Written aside, then linked into place: a process racing us never reads half a key.
  const draft = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, JSON.stringify({ publicKey, privateKey }), { mode: 0o600 });
  try {
    linkSync(draft, file);
    return { publicKey, privateKey };
  } catch {
    return readBack(); // another process won the race: its keys are the ones
  } finally {
    rmSync(draft, { force: true });
  }
}
