import { afterAll, beforeAll } from 'vitest';
import { startApp, type App } from './app.ts';

/**
 * The app for the tests of the calling `describe` block: started before them (a minute at
 * most, builds included), stopped after. The object returned stands for it, so the tests write
 * `app.signedIn(…)` as with the app itself; using it outside a test is an error.
 */
export function appForSuite(env: Record<string, string> = {}): App {
  let started: App | undefined;
  beforeAll(async () => {
    started = await startApp(env);
  }, 60_000);
  afterAll(() => started?.stop());
  return new Proxy({} as App, {
    get(_, key) {
      if (!started) throw new Error('The app starts before the tests: use it inside one');
      return Reflect.get(started, key, started);
    },
  });
}
