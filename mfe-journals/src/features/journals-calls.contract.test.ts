import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entry, entryList, journal, journalList, messageResponse } from '@dayframe/contracts';
import { pointWebKitAt, startServer, type AppServer } from '@dayframe/e2e-kit';
import {
  createJournal,
  deleteJournal,
  getJournal,
  listJournals,
  updateJournal,
} from './journals/api/journals-calls.ts';
import {
  createEntry,
  deleteEntry,
  getEntry,
  getEntryOn,
  listEntries,
  updateEntry,
} from './entries/api/entries-calls.ts';

/** This remote's own calls, as its screens send them, against the real journals service. */
describe('mfe-journals calls against the journals service', () => {
  let server: AppServer;
  let webKit: ReturnType<typeof pointWebKitAt>;
  beforeAll(async () => {
    server = await startServer();
    webKit = pointWebKitAt(server.url);
    webKit.signIn((await server.verifiedAccount('Jo', 'jo@example.com')).token);
  }, 60_000);
  afterAll(async () => {
    webKit?.restore();
    await server?.stop();
  });

  it('journals: create, list, get, update and delete; every answer fits the contract', async () => {
    const created = journal.parse(await createJournal({ title: 'Travels', description: 'Trips.' }));
    expect(created).toMatchObject({ title: 'Travels', description: 'Trips.' });
    expect(journalList.parse(await listJournals()).map((j) => j._id)).toEqual([created._id]);
    expect(journal.parse(await getJournal(created._id))._id).toBe(created._id);
    const renamed = journal.parse(
      await updateJournal(created._id, { title: 'Journeys', description: 'Trips, renamed.' }),
    );
    expect(renamed.title).toBe('Journeys');
    messageResponse.parse(await deleteJournal(created._id));
    expect(journalList.parse(await listJournals())).toEqual([]);
  });

  it('entries: create, list, get, find by day, update and delete', async () => {
    const book = journal.parse(await createJournal({ title: 'Daily' }));
    const written = entry.parse(
      await createEntry(book._id, { title: 'Rain', content: 'All day.', date: '2031-03-04' }),
    );
    expect(written).toMatchObject({ title: 'Rain', date: '2031-03-04', journalId: book._id });
    expect(entryList.parse((await listEntries(book._id, null)).items).map((e) => e._id)).toEqual([
      written._id,
    ]);
    expect(entry.parse(await getEntry(book._id, written._id)).content).toBe('All day.');

    const onDay = await getEntryOn(book._id, '2031-03-04');
    expect(entry.parse(onDay)._id).toBe(written._id);
    expect(await getEntryOn(book._id, '2031-03-05')).toBeNull();

    const edited = entry.parse(
      await updateEntry(book._id, written._id, { title: 'Sun', content: 'At last.' }),
    );
    expect(edited).toMatchObject({ title: 'Sun', content: 'At last.', date: '2031-03-04' });
    messageResponse.parse(await deleteEntry(book._id, written._id));
    expect(entryList.parse((await listEntries(book._id, null)).items)).toEqual([]);
  });
});
