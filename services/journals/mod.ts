/**
 * The journals service: journals (with their templates) and their dated entries, with each
 * entry's history (`/api/entry/{journalId}/{entryId}/versions…`), `/api/journals*` and
 * `/api/entry*`; entries' tags and the starred list, `/api/tags*` and `/api/entries/starred`;
 * searching them, `/api/search/entries`; on-this-day, writing streaks and moods,
 * `/api/insights/*`. It owns the `journals`, `entries`, `entry_tags` and `entry_versions`
 * tables; no other service reads them. The calendar asks
 * for a window through `GET /internal/calendar-window` (its own process) or
 * `journals.entriesBetween` (handed to it by the composition root).
 *
 * @example
 * import { createJournals } from '@dayframe/journals';
 * import { keepAccountDataInStep } from '@dayframe/service-kit/events';
 * import { serve } from '@dayframe/service-kit/http';
 * const journals = createJournals({ db, tokens, checkSession, log });
 * await journals.migrate();
 * keepAccountDataInStep({ name: 'journals', owner: journals, events, tokens, users, log, sweep });
 * await serve(journals.app.callback(), { port: 3002, log }); // or mounted in the gateway's app
 */
export { createJournals, type Journals, type JournalsDeps } from './journals-service.ts';
export { JOURNALS_QUOTAS, type JournalsQuotas } from './quotas.ts';
