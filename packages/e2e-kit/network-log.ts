// What a page fetched over the network, as Chromium's DevTools protocol reports it: each
// response's status, whether the browser's cache answered it without asking, and the bytes that
// crossed the wire (compressed, headers included). Shared by browser tests and bench/.
import type { Page } from 'playwright-core';

export type Fetched = {
  url: string;
  status: number;
  /** Answered by the browser's cache with no request to the server. */
  fromCache: boolean;
  /** Bytes received over the network for it (0 when from the cache). */
  bytes: number;
  type: string;
};

/** Starts recording `page`'s network; `list()` gives everything finished since `mark()`. */
export async function recordNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, Fetched>();
  const done: { id: string; fetched: Fetched }[] = [];
  // The status on the wire: a revalidated response is reported as the cached 200 it renewed,
  // and only the extra info says the server answered 304.
  const wireStatus = new Map<string, number>();
  cdp.on('Network.responseReceivedExtraInfo', (event) =>
    wireStatus.set(event.requestId, event.statusCode),
  );
  cdp.on('Network.responseReceived', (event) => {
    if (!/^https?:/.test(event.response.url)) return; // data: URLs cross no network
    byId.set(event.requestId, {
      url: event.response.url,
      status: event.response.status,
      fromCache: Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
      bytes: 0,
      type: event.type,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const known = byId.get(event.requestId);
    if (known) known.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const fetched = byId.get(event.requestId);
    if (!fetched) return;
    byId.delete(event.requestId);
    fetched.bytes = fetched.fromCache ? 0 : event.encodedDataLength;
    done.push({ id: event.requestId, fetched });
  });
  return {
    mark: () => done.length,
    list: (since = 0): Fetched[] =>
      done.slice(since).map(({ id, fetched }) => ({
        ...fetched,
        status: wireStatus.get(id) ?? fetched.status,
      })),
  };
}

/** A file named with its content hash: a browser may keep it for a year. */
export function isHashedAsset(url: string): boolean {
  return /[.-][0-9a-f]{8,}\.(js|css|mjs|svg|png|woff2)$/.test(new URL(url).pathname);
}
