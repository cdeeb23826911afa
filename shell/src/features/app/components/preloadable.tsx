import type { ComponentType } from 'react';
import { PageSpinner } from '@dayframe/web-kit';
import { useModule } from '../../../components/use-module.ts';

/**
 * A lazily loaded screen that can be started before it renders (the boot starts the signed-in
 * area's), and that shows the page spinner while its chunk loads. It renders the moment the
 * chunk is in: no `React.lazy`, whose reveal React may hold back (see `useModule`).
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
  function Preloadable(props: P) {
    const Component = useModule(loaded, preload, 'screen');
    return Component ? <Component {...props} /> : <PageSpinner />;
  }
  return { Component: Preloadable, preload };
}
