// The goals service in its own process (distributed topology); see runContentService for its settings.
import { runContentService } from '@dayframe/service-kit/run';
import { createGoals } from './mod.ts';

await runContentService({ name: 'goals', create: createGoals });
