// The JavaScript a browser downloads, weighed as it crosses the wire: each script gzipped at the
// level of the `.gz` copies the gateway serves (packages/web-build/precompress.ts), so a figure
// here is the figure a visitor's browser receives. Shared by bench/front-end.ts and the size
// budgets (bench/budgets.ts, shell/e2e/budgets.test.ts).
import { constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** react-dom client's marker: a script holding it is a copy of React DOM. */
const REACT_MARKER = '__reactContainer$';

/** One script as the browser got it: its address and its gzipped size in bytes. */
export type ScriptFile = { url: string; gzip: number; react: boolean };

/** `body`'s size gzipped as the gateway serves it. */
export function gzipSize(body: Buffer | string): number {
  return gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
}

/** The script in `body`, weighed; `url` names it (a file path for a file read from disk). */
export function weighScript(url: string, body: Buffer): ScriptFile {
  return { url, gzip: gzipSize(body), react: body.includes(REACT_MARKER) };
}

/** Total gzipped bytes of `scripts`. */
export function totalGzip(scripts: readonly ScriptFile[]): number {
  return scripts.reduce((n, s) => n + s.gzip, 0);
}

/**
 * Records every JS response of `page` from now on; `since(mark)` gives those after a `mark()`.
 * Call before the page's first navigation.
 */
export function recordScripts(page: Page) {
  const scripts: Promise<ScriptFile | null>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && !/\.m?js(\?|$)/.test(response.url())) return;
    scripts.push(
      response.body().then(
        (body) => weighScript(response.url(), body),
        () => null, // a response whose body is gone (a navigation away) weighs nothing
      ),
    );
  });
  return {
    mark: () => scripts.length,
    async since(mark = 0): Promise<ScriptFile[]> {
      return (await Promise.all(scripts.slice(mark))).filter((s): s is ScriptFile => s !== null);
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A script's short name for a message: its path, without the origin. */
function shortName(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * Judges `what` (a screen or an entry point) weighing `scripts` against `budgetKb` (KB of 1024
 * bytes): null when within it, else the message saying the figure, the budget and every file,
 * heaviest first, so the failure itself says where to look.
 */
export function overBudget(
  what: string,
  scripts: readonly ScriptFile[],
  budgetKb: number,
): string | null {
  const total = totalGzip(scripts);
  if (total <= budgetKb * 1024) return null;
  const files = [...scripts]
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `${shortName(s.url)} ${kb(s.gzip)}`)
    .join(', ');
  return `${what}: ${kb(total)} of JavaScript > budget ${budgetKb} KB (files: ${files})`;
}
