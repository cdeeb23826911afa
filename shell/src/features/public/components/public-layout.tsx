import { useEffect, useState, type ReactNode } from 'react';
import { CloseIcon, MenuIcon, Link, NavLink, Outlet, useLocation } from '@dayframe/web-kit';
import { Brand } from '../../../components/logo.tsx';

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About', end: false },
  { to: '/login', label: 'Login', end: false },
  { to: '/signup', label: 'Sign Up', end: false },
];

const FOOTER = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy Policy' },
];

function navClass({ isActive }: { isActive: boolean }): string {
  return `rounded-field px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? 'bg-primary/10 text-primary'
      : 'text-base-content/75 hover:bg-base-200 hover:text-base-content'
  }`;
}

/** Spec §2: the visitor's top navigation and footer around the public pages. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="btn btn-sm btn-primary fixed left-4 top-2 z-50 -translate-y-16 focus:translate-y-0"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-base-300/70 bg-base-100/85 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6"
        >
          <Brand />
          <ul className="hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={navClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-ghost btn-square md:hidden"
            aria-expanded={open}
            aria-controls="public-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            {/* Both icons and the menu are always in the markup, hidden by attribute, so the
                prerendered page's script (shell/public/public-pages.js) can toggle them too. */}
            <span data-icon="open" hidden={open}>
              <MenuIcon className="size-6" />
            </span>
            <span data-icon="close" hidden={!open}>
              <CloseIcon className="size-6" />
            </span>
          </button>
        </nav>
        <ul
          id="public-menu"
          hidden={!open}
          className="flex flex-col gap-1 border-t border-base-300/70 px-4 py-3 md:hidden"
        >
          {NAV.map((item) => (
            <li key={item.to} className="flex flex-col">
              <NavLink to={item.to} end={item.end} className={navClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </header>
      <main id="main" className="flex-1">
        {children ?? <Outlet />}
      </main>
      <footer className="border-t border-base-300/70 bg-base-200/50">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 sm:flex-row sm:px-6">
          <nav aria-label="Footer">
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
              {FOOTER.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="link link-hover text-base-content/75">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm text-base-content/60">
            © {new Date().getFullYear()} Dayframe. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
