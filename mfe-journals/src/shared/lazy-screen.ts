import { lazy, type ComponentType } from 'react';

/** A component fetched as a chunk of its own, with a way to fetch it ahead. */
export type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * `name` of the module `load` fetches, as a lazy component. Once fetched (by a first render or
 * by `preload`) it renders at once: React is handed an already-settled thenable, so a screen
 * fetched ahead never shows its fallback.
 */
export function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = () => load().then((module) => (loaded = module[name]));
  const settled = (component: ComponentType<P>) =>
    ({
      then: (done: (module: { default: ComponentType<P> }) => void) => done({ default: component }),
    }) as unknown as Promise<{ default: ComponentType<P> }>;
  const Screen = lazy(() =>
    loaded ? settled(loaded) : preload().then((component) => ({ default: component })),
  );
  return Object.assign(Screen as unknown as ComponentType<P>, { preload });
}
