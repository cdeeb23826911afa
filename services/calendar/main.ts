// The calendar service in its own process (distributed topology); see runContentService for its
// settings. It has no tables: it reads those the journals and goals services own and migrate.
import { runContentService } from '@dayframe/service-kit';
import { createCalendar } from './mod.ts';

await runContentService({ name: 'calendar', defaultPort: 3004, create: createCalendar });
