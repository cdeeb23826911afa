// The media service in its own process (distributed topology); see runContentService for its settings.
import { urlEnv } from '@dayframe/service-kit/http';
import { serviceCaller } from '@dayframe/service-kit/tokens';
import { runContentService } from '@dayframe/service-kit/run';
import {
  createMedia,
  mediaRateLimiter,
  mediaSettings,
  mediaStorageFrom,
  mediaUrlSecret,
  remoteMediaReferences,
} from './mod.ts';

await runContentService({
  name: 'media',
  // Journals, asked which files entries still refer to before the sweep deletes any.
  settings: { ...mediaSettings, JOURNALS_URL: urlEnv(['http', 'https']) },
  create(deps, config) {
    const limiter = mediaRateLimiter(config, deps.log);
    const media = createMedia({
      ...deps,
      storage: mediaStorageFrom(config),
      urlKey: mediaUrlSecret(config),
      limiter,
      uploads: { perProcess: config.MEDIA_UPLOADS_PER_PROCESS },
      references: remoteMediaReferences(
        config.JOURNALS_URL,
        serviceCaller(deps.serviceKey, 'media'),
      ),
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
