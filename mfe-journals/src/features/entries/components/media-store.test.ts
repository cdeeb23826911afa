import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@dayframe/contracts';
import { MediaStore, REFRESH_AFTER_MS } from './media-store.ts';

const item = (id: string, url = `/api/media/${id}/file?sig=1`): MediaItem => ({
  id,
  contentType: 'image/jpeg',
  bytes: 10,
  createdAt: '2026-11-26T10:00:00.000Z',
  url,
});

/** A store over a stand-in for `GET /api/media?ids=` that knows `known` and records each ask. */
function storeOf(known: string[]) {
  const asked: string[][] = [];
  let clock = 0;
  let round = 1;
  const store = new MediaStore(
    async (ids) => {
      asked.push(ids);
      return ids.filter((id) => known.includes(id)).map((id) => item(id, `/sig-${round}`));
    },
    () => clock,
  );
  return {
    store,
    asked,
    later: (ms: number) => {
      clock += ms;
      round++;
    },
  };
}

describe('MediaStore', () => {
  it('asks once for every id a render wants, and answers missing for ids not returned', async () => {
    const { store, asked } = storeOf(['a', 'b']);
    let changes = 0;
    store.subscribe(() => changes++);
    expect(['a', 'b', 'gone', 'a'].map((id) => store.resolve(id))).toEqual([
      'loading',
      'loading',
      'loading',
      'loading',
    ]);
    await expect.poll(() => changes).toBe(1);
    expect(asked).toEqual([['a', 'b', 'gone']]);
    expect(store.resolve('a')).toMatchObject({ id: 'a' });
    expect(store.resolve('gone')).toBe('missing');
    expect(asked).toHaveLength(1);
  });

  it('splits more than 100 ids into requests of at most 100', async () => {
    const ids = Array.from({ length: 130 }, (_, i) => `id-${i}`);
    const { store, asked } = storeOf(ids);
    for (const id of ids) store.resolve(id);
    await expect.poll(() => asked.length).toBe(2);
    expect(asked.map((batch) => batch.length)).toEqual([100, 30]);
  });

  it('keeps an item put by an upload, and asks again for links near their hour', async () => {
    const { store, asked, later } = storeOf(['a']);
    store.put(item('a', '/uploaded'));
    expect(store.resolve('a')).toMatchObject({ url: '/uploaded' });
    later(REFRESH_AFTER_MS - 1000);
    store.refreshDue();
    expect(store.resolve('a')).toMatchObject({ url: '/uploaded' });
    later(2000);
    // The old links serve until the fresh ones arrive.
    expect(store.resolve('a')).toMatchObject({ url: '/uploaded' });
    await expect.poll(() => (store.resolve('a') as MediaItem).url).toBe('/sig-3');
    expect(asked).toEqual([['a']]);
  });
});
