import { api } from '@dayframe/web-kit';
import type { MediaUsage } from '@dayframe/contracts';

/** What the caller's photos and files take of their space, in bytes, and the most they may keep. */
export function mediaUsage(signal?: AbortSignal): Promise<MediaUsage> {
  return api.get<MediaUsage>('/media/usage', { signal });
}
