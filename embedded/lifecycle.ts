/**
 * One part of the running app and what it does at each step of the one lifecycle: `start`
 * (prepare, e.g. migrate; awaited in order), `ready` (begin background work once every part has
 * started) and `stop` (in the reverse order of starting).
 */
export type Part = {
  start?(): Promise<void>;
  ready?(): void;
  stop?(): Promise<void> | void;
};

export type Lifecycle = {
  add(part: Part): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Parts start one after another (services sharing the embedded SQLite file must not migrate at
 * once) and stop in reverse, so a part is always stopped before what it was built on.
 */
export function lifecycle(): Lifecycle {
  const parts: Part[] = [];
  return {
    add(part) {
      parts.push(part);
    },
    async start() {
      for (const part of parts) await part.start?.();
      for (const part of parts) part.ready?.();
    },
    async stop() {
      for (const part of [...parts].reverse()) await part.stop?.();
    },
  };
}
