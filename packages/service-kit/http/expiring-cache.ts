/**
 * A bounded map whose entries each carry their own deadline: a read past it misses. The least
 * recently used entry goes first when full, so a flood of distinct keys costs memory only up
 * to `max`. It is what the hot path keeps between requests (verified tokens, current sessions).
 */
export type ExpiringCache<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V, until: number): void;
  /** Drops every entry whose value matches (e.g. all of one user's sessions). */
  forgetWhere(match: (value: V) => boolean): void;
  readonly size: number;
};

export function expiringCache<V>(options: { max: number; now: () => number }): ExpiringCache<V> {
  // A Map iterates in insertion order: re-inserting on a hit keeps the oldest use first.
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      if (entry.until <= options.now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, until) {
      entries.delete(key);
      if (entries.size >= options.max) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until });
    },
    forgetWhere(match) {
      for (const [key, entry] of entries) if (match(entry.value)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
