import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ConfirmItsYou, Toaster, BrowserRouter } from '@dayframe/web-kit';
import { App, startPublicPage, startSignedInArea } from './app.tsx';
import './styles.css';

startSignedInArea(location.pathname);
startPublicPage(location.pathname);
const container = document.getElementById('root')!;
const tree = (
  <StrictMode>
    {/* Navigations apply at once rather than as transitions: Log Out navigates and ends the
        session in one handler, and as a transition the guard would see the ended session first
        and send the user to /login instead of /signup. */}
    <BrowserRouter useTransitions={false}>
      <App />
      <Toaster />
      <ConfirmItsYou />
    </BrowserRouter>
  </StrictMode>
);

// Prerendered public pages (shell/scripts/prerender.tsx): a form page is hydrated; a static page
// loaded the app early (public-pages.js) and is replaced once the visitor follows a link.
const page = container.dataset.page;
const start = () => {
  container.dataset.page = 'app';
  container.removeAttribute('aria-busy');
  if (page === 'hydrate' && container.dataset.path === location.pathname)
    hydrateRoot(container, tree);
  else createRoot(container).render(tree);
};
if (page === 'static') container.addEventListener('dayframe:start', start, { once: true });
else start();
