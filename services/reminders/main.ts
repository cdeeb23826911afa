// The reminders service in its own process (distributed topology); see runContentService for its settings.
import { urlEnv } from '@dayframe/service-kit/http';
import { serviceCaller } from '@dayframe/service-kit/tokens';
import { runContentService } from '@dayframe/service-kit/run';
import {
  createReminders,
  remindersPush,
  remindersRateLimiter,
  remindersSettings,
  remoteReminderSources,
  unsubscribeSecret,
} from './mod.ts';

await runContentService({
  name: 'reminders',
  // Journals, asked whether a day was written and how a week went, and goals, asked which goals
  // are due or were completed (identity's URL is common).
  settings: {
    ...remindersSettings,
    IDENTITY_URL: urlEnv(['http', 'https']),
    JOURNALS_URL: urlEnv(['http', 'https']),
    GOALS_URL: urlEnv(['http', 'https']),
  },
  create(deps, config) {
    const limiter = remindersRateLimiter(config, deps.log);
    const reminders = createReminders({
      ...deps,
      appUrl: config.APP_URL,
      unsubscribeKey: unsubscribeSecret(config),
      push: remindersPush(config, 'own-process'),
      limiter,
      sources: remoteReminderSources({
        identityUrl: config.IDENTITY_URL,
        journalsUrl: config.JOURNALS_URL,
        goalsUrl: config.GOALS_URL,
        caller: serviceCaller(deps.serviceKey, 'reminders'),
      }),
    });
    return {
      ...reminders,
      async close() {
        await reminders.close();
        await limiter.close();
      },
    };
  },
});
