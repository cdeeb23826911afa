import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link } from 'react-router';
import { Toaster } from '@dayframe/web-kit';
import Routes from './routes.tsx';
import './standalone.css';

/** This remote alone, for development: no shell, no guard, just its routes. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <nav
        aria-label="Standalone"
        className="flex flex-wrap items-center gap-3 border-b border-base-300 p-3 text-sm"
      >
        <span className="font-semibold">mfe_calendar (standalone)</span>
        <Link className="link" to="/calendar">
          /calendar
        </Link>
      </nav>
      <main className="mx-auto max-w-5xl p-6">
        <Routes />
      </main>
      <Toaster />
    </BrowserRouter>
  </StrictMode>,
);
