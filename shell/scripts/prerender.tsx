/**
 * Post-build step of the shell (`npm run build`): renders the public pages with the same React
 * components the app runs (react-dom/static, waiting for every lazy screen) into
 * dist/pages/<page>.html, from the built index.html, then precompresses them (.br, .gz) the way
 * the build does every other file. See public-pages.ts for which pages ship which script.
 */
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { ConfirmItsYou, Toaster, StaticRouter } from '@dayframe/web-kit';
import { precompress } from '@dayframe/web-build/precompress';
import { App } from '../src/app.tsx';
import { PublicLayout } from '../src/features/public/components/public-layout.tsx';
import { NotFoundPage } from '../src/features/public/routes/not-found-page.tsx';
import { PAGES_DIR, PUBLIC_PAGES, type PublicPage } from './public-pages.ts';

/** The tree bootstrap.tsx renders, at `path` (hydration needs the same markup). */
function appAt(path: string): ReactNode {
  return (
    <StrictMode>
      <StaticRouter location={path}>
        <App />
        <Toaster />
        <ConfirmItsYou />
      </StaticRouter>
    </StrictMode>
  );
}

/**
 * The 404 page outside the app: in the app, an unclaimed path waits for the remotes to say
 * which routes they own before it is called a 404, which a build cannot know.
 */
function notFoundPage(): ReactNode {
  return (
    <StaticRouter location="/404">
      <PublicLayout>
        <NotFoundPage />
      </PublicLayout>
    </StaticRouter>
  );
}

/**
 * The page's markup with every lazy screen in place. A first pass (which waits for them) loads
 * the lazy screens; the markup comes from a synchronous second pass, which then finds them all
 * loaded. The streaming renderer would instead write a late screen as a hidden part moved by an
 * inline script, which the CSP blocks.
 */
async function render(tree: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree);
  for await (const chunk of prelude) void chunk;
  const html = renderToString(tree);
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->'))
    throw new Error('a screen was still loading in the second pass');
  return html;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The built index.html with the page's title, stylesheet, markup and script. */
export function pageHtml(
  template: string,
  page: PublicPage,
  markup: string,
  stylesheets: string[],
): string {
  const appScript =
    /<script defer="defer" src="([^"]+)"><\/script>|<script defer src="([^"]+)"><\/script>/.exec(
      template,
    );
  if (!appScript) throw new Error('dist/index.html has no deferred app script');
  const appSrc = appScript[1] ?? appScript[2]!;
  // A static page loads the app only when the visitor heads for a link (public-pages.js).
  const script =
    page.boot === 'static'
      ? `<script defer src="/public-pages.js" data-app="${appSrc}"></script>`
      : appScript[0];
  const links =
    // Without scripts the phone menu cannot open: this shows it open (shell/public/noscript.css,
    // first so that its cascade layer comes before Tailwind's).
    '<noscript><link rel="stylesheet" href="/noscript.css"></noscript>' +
    stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  const root =
    page.boot === 'static'
      ? `<div id="root" data-page="static">${markup}</div>`
      : `<div id="root" data-page="hydrate" data-path="${page.path}">${markup}</div>`;
  const replaced = template
    // The template's "needs JavaScript" notice: these pages show their content without it.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)} · Dayframe</title>`)
    .replace(appScript[0], `${links}${script}`)
    .replace(/<div id="root"><\/div>/, root);
  if (!replaced.includes('data-page=')) throw new Error('dist/index.html has no empty #root');
  return replaced;
}

async function main() {
  const dist = join(import.meta.dirname, '..', 'dist');
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  // The shell's one stylesheet (Tailwind over every screen); the app loads it with its chunk.
  const stylesheets = readdirSync(dist)
    .filter((f) => /\.[0-9a-f]{8,}\.css$/.test(f)) // built, so hashed (not public/*.css)
    .map((f) => `/${f}`);
  if (stylesheets.length !== 1)
    throw new Error(`expected one stylesheet in dist/, found ${stylesheets.join(', ') || 'none'}`);
  mkdirSync(join(dist, PAGES_DIR), { recursive: true });
  const written: string[] = [];
  for (const page of PUBLIC_PAGES) {
    const markup = await render(page.path === '/404' ? notFoundPage() : appAt(page.path));
    // The CSP forbids inline scripts: a page that needed one would not work.
    if (/<script/i.test(markup)) throw new Error(`${page.path} rendered an inline script`);
    const file = join(dist, PAGES_DIR, page.file);
    writeFileSync(file, pageHtml(template, page, markup, stylesheets));
    written.push(file);
  }
  await Promise.all(written.map((file) => precompress(file)));
  console.log(`prerendered ${written.length} public pages into dist/${PAGES_DIR}/`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
