import { MEDIA_LIMITS, type MediaItem } from '@dayframe/contracts';
import type { MediaState } from '@dayframe/markdown/media';

/** Links live an hour (MEDIA_LIMITS.urlSeconds); ask again for them after 50 minutes. */
export const REFRESH_AFTER_MS = 50 * 60 * 1000;
/** A file that was missing (or a request that failed) is asked for again after this long. */
const RETRY_MISSING_MS = 5 * 60 * 1000;

type Known = { state: MediaItem | 'missing'; at: number };

/**
 * The items an entry screen shows, by id: every id asked for while rendering is fetched in one
 * `GET /api/media?ids=` per batch (at most 100 ids a request), kept, and fetched again once its
 * links near their hour. Rendering reads it synchronously (`resolve`); listeners hear changes.
 */
export class MediaStore {
  private known = new Map<string, Known>();
  private wanted = new Set<string>();
  private asking = new Set<string>();
  private scheduled = false;
  private listeners = new Set<() => void>();
  /** Changes on every update: the snapshot a React subscription compares. */
  version = 0;

  constructor(
    private readonly fetchItems: (ids: string[]) => Promise<MediaItem[]>,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * What is known of `id` now. An unknown or ageing id is queued: the queue is sent once the
   * current render is done (a timer, not during it), so a page of photos is one request.
   */
  resolve(id: string): MediaState {
    const known = this.known.get(id);
    if (!known) {
      this.want(id);
      return 'loading';
    }
    const age = this.now() - known.at;
    if (age > (known.state === 'missing' ? RETRY_MISSING_MS : REFRESH_AFTER_MS)) this.want(id);
    return known.state;
  }

  /**
   * Settles once each of `ids` is known, or after `withinMs` (a slow media service must not hold
   * the entry back): a screen that awaits it gives its photos their boxes from the first paint.
   */
  preload(ids: readonly string[], withinMs: number): Promise<void> {
    const pending = ids.filter((id) => !this.known.has(id));
    if (pending.length === 0) return Promise.resolve();
    for (const id of pending) this.want(id);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop();
        resolve();
      };
      const timer = setTimeout(done, withinMs);
      const stop = this.subscribe(() => {
        if (pending.every((id) => this.known.has(id))) done();
      });
    });
  }

  /** An item the screen already has (just uploaded): no request for it. */
  put(item: MediaItem): void {
    this.known.set(item.id, { state: item, at: this.now() });
    this.changed();
  }

  /** Re-asks for every item whose links near expiry (a page left open for an hour). */
  refreshDue(): void {
    for (const [id, known] of this.known)
      if (this.now() - known.at > REFRESH_AFTER_MS && known.state !== 'missing') this.want(id);
  }

  private want(id: string) {
    if (this.asking.has(id)) return;
    this.wanted.add(id);
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => void this.flush(), 0);
  }

  private async flush() {
    this.scheduled = false;
    const ids = [...this.wanted];
    this.wanted.clear();
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += MEDIA_LIMITS.idsPerRequest)
      batches.push(ids.slice(i, i + MEDIA_LIMITS.idsPerRequest));
    await Promise.all(batches.map((batch) => this.ask(batch)));
  }

  private async ask(ids: string[]) {
    for (const id of ids) this.asking.add(id);
    let items: MediaItem[] = [];
    try {
      items = await this.fetchItems(ids);
    } catch (error) {
      // Shown as unavailable, asked again later; a stale item keeps its links meanwhile.
      console.error('Loading files failed', error);
    }
    const at = this.now();
    const found = new Map(items.map((item) => [item.id, item]));
    for (const id of ids) {
      this.asking.delete(id);
      const item = found.get(id);
      const before = this.known.get(id);
      if (item) this.known.set(id, { state: item, at });
      else if (!before || before.state === 'missing') this.known.set(id, { state: 'missing', at });
    }
    this.changed();
  }

  private changed() {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
