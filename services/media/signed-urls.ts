import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_LIMITS } from '@dayframe/contracts';
import type { SizeVariant } from './storage-keys.ts';
import type { MediaScope } from './scope.ts';

/**
 * A file's link is a capability: `/api/media/<id>/file?exp=<unix seconds>&sig=<HMAC>`, the
 * HMAC-SHA256 of the id, its owner and the expiry under `MEDIA_URL_SECRET`. An `<img>` sends no
 * bearer token, so the link itself is the permission, and only for the owner's own file: a
 * link made for one account never opens another's, and none outlives its hour. A link to an
 * image's thumbnail or display size adds `size=thumb|display`, and the HMAC covers it too: a
 * thumbnail's link edited to another size (or to none, the full image) opens nothing.
 */
export function fileUrl(
  scope: MediaScope,
  media: { id: string; userId: string },
  variant?: SizeVariant,
): string {
  const exp = Math.floor(scope.clock.now() / 1000) + MEDIA_LIMITS.urlSeconds;
  const size = variant ? `size=${variant}&` : '';
  return `/api/media/${media.id}/file?${size}exp=${exp}&sig=${signature(scope.urlKey, media, exp, variant)}`;
}

/** Whether `exp` and `sig` are a link made for this file, owner and size that has not expired. */
export function isValidLink(
  scope: MediaScope,
  media: { id: string; userId: string },
  link: { exp: unknown; sig: unknown },
  variant?: SizeVariant,
): boolean {
  if (typeof link.exp !== 'string' || !/^\d{1,12}$/.test(link.exp)) return false;
  if (typeof link.sig !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(link.sig)) return false;
  const exp = Number(link.exp);
  if (exp * 1000 <= scope.clock.now()) return false;
  const expected = Buffer.from(signature(scope.urlKey, media, exp, variant), 'base64url');
  return timingSafeEqual(expected, Buffer.from(link.sig, 'base64url'));
}

function signature(
  key: Buffer,
  media: { id: string; userId: string },
  exp: number,
  variant: SizeVariant | undefined,
): string {
  // The served file's message is unchanged from before sizes existed (links out there keep
  // working); a size is one more line, which no served file's message can end with.
  const sized = variant ? `\n${variant}` : '';
  return createHmac('sha256', key)
    .update(`media-file\n${media.id}\n${media.userId}\n${exp}${sized}`)
    .digest('base64url');
}
