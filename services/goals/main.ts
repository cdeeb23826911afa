// The goals service in its own process (distributed topology); see runContentService for its settings.
import { runContentService } from '@dayframe/service-kit';
import { createGoals, GOALS_ACCOUNT_DELETED_QUEUE } from './mod.ts';

await runContentService({
  name: 'goals',
  defaultPort: 3003,
  create: createGoals,
  accountDeletedQueue: GOALS_ACCOUNT_DELETED_QUEUE,
});
