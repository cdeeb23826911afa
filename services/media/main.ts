// The media service in its own process (distributed topology); see runContentService for its settings.
import { runContentService } from '@dayframe/service-kit/run';
import { createMedia, mediaSettings, mediaStorageFrom, mediaUrlSecret } from './mod.ts';

await runContentService({
  name: 'media',
  settings: mediaSettings,
  create: (deps, config) =>
    createMedia({ ...deps, storage: mediaStorageFrom(config), urlKey: mediaUrlSecret(config) }),
});
