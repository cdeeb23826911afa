// The media service in its own process (distributed topology); see runContentService for its settings.
import { runContentService } from '@dayframe/service-kit/run';
import {
  createMedia,
  mediaRateLimiter,
  mediaSettings,
  mediaStorageFrom,
  mediaUrlSecret,
} from './mod.ts';

await runContentService({
  name: 'media',
  settings: mediaSettings,
  create(deps, config) {
    const limiter = mediaRateLimiter(config, deps.log);
    const media = createMedia({
      ...deps,
      storage: mediaStorageFrom(config),
      urlKey: mediaUrlSecret(config),
      limiter,
      uploads: { perProcess: config.MEDIA_UPLOADS_PER_PROCESS },
    });
    return {
      ...media,
      async close() {
        await media.close();
        await limiter.close();
      },
    };
  },
});
