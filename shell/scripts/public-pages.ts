/**
 * The public pages prerendered at build time (shell/scripts/prerender.tsx) and served as HTML
 * by the gateway and nginx before any JavaScript runs.
 *
 * - `static`: plain text pages. They ship /public-pages.js (menu, and starting the app when the
 *   visitor follows a link) instead of the app, so a first visit downloads almost no JavaScript.
 * - `hydrate`: pages with forms or buttons. They ship the app, which hydrates the markup.
 */
export type PublicPage = {
  /** The path it answers; the 404 page answers any path no file or page claims. */
  path: string;
  /** Its file under dist/pages/. */
  file: string;
  /** The tab title its component sets (`useDocumentTitle`), written into the HTML. */
  title: string;
  boot: 'static' | 'hydrate';
};

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    file: 'index.html',
    title: 'Daily clarity for your journal and goals',
    boot: 'static',
  },
  { path: '/about', file: 'about.html', title: 'About', boot: 'static' },
  // Its Copy e-mail button needs the app.
  { path: '/contact', file: 'contact.html', title: 'Contact', boot: 'hydrate' },
  { path: '/privacy', file: 'privacy.html', title: 'Privacy Policy', boot: 'static' },
  { path: '/login', file: 'login.html', title: 'Log in', boot: 'hydrate' },
  { path: '/signup', file: 'signup.html', title: 'Sign up', boot: 'hydrate' },
  { path: '/forgot', file: 'forgot.html', title: 'Reset your password', boot: 'hydrate' },
  { path: '/404', file: '404.html', title: 'Page not found', boot: 'static' },
];

/** Where the prerendered pages sit inside the shell's dist/. */
export const PAGES_DIR = 'pages';
