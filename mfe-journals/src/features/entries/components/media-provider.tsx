import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { MediaContext, type MediaHost } from '@dayframe/markdown/media';
import { getMediaItems } from '@dayframe/web-kit';
import { MediaStore } from './media-store.ts';

const StoreContext = createContext<MediaStore | null>(null);

/** The screen's media store (uploads put their items in it). */
export function useMediaStore(): MediaStore | null {
  return useContext(StoreContext);
}

/**
 * Resolves the `media:` targets rendered below it (the editor's preview, the gallery) through
 * one store per screen, and opens photos with `openPhoto` when given.
 */
export function MediaProvider({
  children,
  openPhoto,
  store: given,
}: {
  children: ReactNode;
  openPhoto?: MediaHost['openPhoto'];
  /** A store the screen filled ahead (`newMediaStore().preload`), else one of its own. */
  store?: MediaStore;
}) {
  const [store] = useState(() => given ?? newMediaStore());
  const version = useSyncExternalStore(store.subscribe, () => store.version);
  useEffect(() => {
    const timer = setInterval(() => store.refreshDue(), 60_000);
    return () => clearInterval(timer);
  }, [store]);
  const host = useMemo<MediaHost>(
    () => ({ resolveMedia: (id) => store.resolve(id), openPhoto }),
    // `version` is read to make a new host on each change: what reads it renders again.
    [store, version, openPhoto],
  );
  return (
    <StoreContext.Provider value={store}>
      <MediaContext.Provider value={host}>{children}</MediaContext.Provider>
    </StoreContext.Provider>
  );
}

/** A store that fetches the caller's files by id (`GET /api/media?ids=`). */
export function newMediaStore(): MediaStore {
  return new MediaStore(async (ids) => [...(await getMediaItems(ids)).values()]);
}

/** `children` under the screen's media provider, or under one of their own when there is none. */
export function WithMedia({ children }: { children: ReactNode }) {
  return useMediaStore() ? children : <MediaProvider>{children}</MediaProvider>;
}
