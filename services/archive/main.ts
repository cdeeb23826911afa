// The archive service in its own process (distributed topology); settings as
// runComposingService reads them. It has no database: it asks journals and goals for their
// parts over HTTP.
import { runComposingService } from '@dayframe/service-kit/run';
import { createArchive, httpSources } from './mod.ts';

await runComposingService({
  name: 'archive',
  defaultPort: 3005,
  create: ({ owners, ...deps }) => createArchive({ sources: httpSources(owners), ...deps }),
});
