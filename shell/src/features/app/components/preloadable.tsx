import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` that can be started before it renders, and that renders without suspending once
 * its module is in. A lazy component always suspends on its first render, even when its chunk
 * has already arrived, and React holds back the reveal of a suspended boundary (about 300 ms
 * after its fallback showed): nested in the signed-in area (gate, layout, outlet, remote), those
 * holds added up to about half a second before the first screen's data was even asked for.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a later render tries again
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return { Component: Preloadable, preload };
}
