// The archive service in its own process (distributed topology); settings as
// runComposingService reads them. It has no database: it asks journals and goals for their
// parts, and media for the files, over their internal endpoints.
import { runComposingService } from '@dayframe/service-kit/run';
import { createArchive, httpSources } from './mod.ts';

await runComposingService({
  name: 'archive',
  create: ({ urls, ...deps }) =>
    createArchive({
      sources: httpSources({
        journalsUrl: urls.journals,
        goalsUrl: urls.goals,
        mediaUrl: urls.media,
        identityUrl: urls.identity,
        serviceKey: deps.serviceKey,
      }),
      ...deps,
    }),
});
