/**
 * The journals service: journals and their dated entries, `/api/journals*` and `/api/entry*`.
 * It owns the `journals` and `entries` tables; other modules read them only through
 * `entriesBetween` here.
 *
 * @example
 * const journals = createJournals({ db, tokens, checkSession, log });
 * await journals.migrate();
 * bus.work(JOURNALS_ACCOUNT_DELETED_QUEUE, (job) => journals.deleteAccountData(accountDeletedJob.parse(job).userId));
 * gatewayApp.use(mount(journals.app)); // or serve(journals.app.callback(), { port, log })
 */
export {
  createJournals,
  JOURNALS_ACCOUNT_DELETED_QUEUE,
  type Journals,
  type JournalsDeps,
} from './journals-service.ts';
export { entriesBetween } from './calendar-entries.ts';
