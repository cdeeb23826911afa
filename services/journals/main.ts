// The journals service in its own process (distributed topology); see runContentService for its settings.
import { runContentService } from '@dayframe/service-kit/run';
import { createJournals } from './mod.ts';

await runContentService({ name: 'journals', create: createJournals });
