// The calendar service in its own process (distributed topology); settings as
// runComposingService reads them. It has no database: it asks journals and goals for each
// window over HTTP.
import { runComposingService } from '@dayframe/service-kit/run';
import { createCalendar, httpSources } from './mod.ts';

await runComposingService({
  name: 'calendar',
  defaultPort: 3004,
  create: ({ owners, ...deps }) => createCalendar({ sources: httpSources(owners), ...deps }),
});
