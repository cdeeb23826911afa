// The calendar service in its own process (distributed topology); settings as
// runComposingService reads them. It has no database: it asks journals and goals for each
// window over their internal endpoints.
import { runComposingService } from '@dayframe/service-kit/run';
import { createCalendar, httpSources } from './mod.ts';

await runComposingService({
  name: 'calendar',
  create: ({ urls, ...deps }) =>
    createCalendar({
      sources: httpSources({
        journalsUrl: urls.journals,
        goalsUrl: urls.goals,
        serviceKey: deps.serviceKey,
      }),
      ...deps,
    }),
});
