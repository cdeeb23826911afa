import { useEffect, useRef, useState } from 'react';
import {
  CloseIcon,
  LogOutIcon,
  MenuIcon,
  SearchIcon,
  session,
  useSession,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
} from '@dayframe/web-kit';
import { Brand } from '../../../components/logo.tsx';
import { appMenu, remoteCatalog, useRemoteCatalog, type CatalogStore } from '../../remotes/mod.ts';
import { menuIcon } from './menu-icons.tsx';
import { SecondFactorGate } from './second-factor-gate.tsx';
import { CommandPalette, OPEN_PALETTE_EVENT, shortcutLabel } from '../../palette/mod.ts';

function openPalette() {
  window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));
}

const FOOTER = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/calendar', label: 'Calendar' },
  { to: '/goals', label: 'Goals' },
  { to: '/journals', label: 'Journals' },
];

function Menu({ onLogOut, catalogStore }: { onLogOut: () => void; catalogStore: CatalogStore }) {
  const { user } = useSession();
  const catalog = useRemoteCatalog(catalogStore);
  // Spec §2's menu, from what the remotes published this page load.
  const items = appMenu(
    catalog.status === 'ready' ? catalog.catalog : null,
    user?.role === 'admin',
  );
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ key, to, label, icon }) => {
        const ItemIcon = menuIcon(icon);
        return (
          <li key={key}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-field px-3 py-2.5 text-sm font-medium transition-colors ${
                  isActive
                    ? 'bg-primary text-primary-content shadow-sm'
                    : 'text-base-content/80 hover:bg-base-200 hover:text-base-content'
                }`
              }
            >
              <ItemIcon className="size-5" />
              {label}
            </NavLink>
          </li>
        );
      })}
      {/* Log Out comes once the remotes' items are in: shown earlier, it would sit under
          Dashboard and then jump down past them (a layout shift on /dashboard, the one screen
          that paints before the remotes answer). The catalog settles within its timeout. */}
      {catalog.status === 'loading' ? null : (
        <li className="mt-2 border-t border-base-300/70 pt-2">
          <button
            type="button"
            onClick={onLogOut}
            className="flex w-full items-center gap-3 rounded-field px-3 py-2.5 text-left text-sm font-medium text-base-content/80 transition-colors hover:bg-error/10 hover:text-error"
          >
            <LogOutIcon className="size-5" />
            Log Out
          </button>
        </li>
      )}
    </ul>
  );
}

/** Spec §2: sidebar from md up, a top bar with a dropdown menu below that, and the app footer. */
export function AppLayout({ catalogStore = remoteCatalog }: { catalogStore?: CatalogStore }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  function logOut() {
    // Spec §2: the menu's Log Out lands on /signup (the guard would otherwise pick /login).
    navigate('/signup', { replace: true });
    void session.endSession();
  }

  return (
    <div className="min-h-screen bg-base-200/60 text-base-content">
      <a
        href="#main"
        className="btn btn-sm btn-primary fixed left-4 top-2 z-50 -translate-y-16 focus:translate-y-0"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-base-300/70 bg-base-100 md:flex">
        <div className="flex h-16 items-center px-5">
          <Brand />
        </div>
        <div className="px-3 pt-2">
          <button
            type="button"
            onClick={openPalette}
            aria-keyshortcuts="Control+K Meta+K /"
            className="flex w-full items-center gap-3 rounded-field border border-base-300/80 bg-base-200/50 px-3 py-2 text-left text-sm text-base-content/70 transition-colors hover:border-primary/40 hover:text-base-content"
          >
            <SearchIcon className="size-4" />
            {/* Named by its content, which holds the visible "Search…" (a speech user says what
                they see) and the rest for screen readers; the shortcut is announced through
                aria-keyshortcuts, so the key cap stays silent. */}
            <span className="flex-1 truncate">
              Search<span className="sr-only"> or jump to</span>…
            </span>
            <kbd aria-hidden="true" className="kbd kbd-xs">
              {shortcutLabel()}
            </kbd>
          </button>
        </div>
        <nav aria-label="App" className="flex-1 overflow-y-auto px-3 py-4">
          <Menu onLogOut={logOut} catalogStore={catalogStore} />
        </nav>
        {user ? (
          <div className="border-t border-base-300/70 px-5 py-4">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-base-content/60">{user.email}</p>
          </div>
        ) : null}
      </aside>

      <header className="sticky top-0 z-30 border-b border-base-300/70 bg-base-100/90 backdrop-blur md:hidden">
        <div className="flex h-16 items-center justify-between px-4">
          <Brand />
          <div className="flex items-center gap-1">
            <button
              type="button"
              className="btn btn-ghost btn-square"
              aria-label="Search or jump to…"
              onClick={openPalette}
            >
              <SearchIcon className="size-6" />
            </button>
            <button
              ref={menuButton}
              type="button"
              className="btn btn-ghost btn-square"
              aria-expanded={menuOpen}
              aria-controls="app-menu"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((open) => !open)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setMenuOpen(false);
              }}
            >
              {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
            </button>
          </div>
        </div>
        {menuOpen ? (
          <nav
            id="app-menu"
            aria-label="App"
            className="border-t border-base-300/70 px-3 py-3 shadow-lg"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setMenuOpen(false);
                menuButton.current?.focus();
              }
            }}
          >
            <Menu onLogOut={logOut} catalogStore={catalogStore} />
          </nav>
        ) : null}
      </header>

      <CommandPalette catalogStore={catalogStore} onLogOut={logOut} />
      <div className="flex min-h-screen flex-col md:pl-64">
        {/* At least a screen high: the footer starts below the fold, so a screen that grows as
            its data arrives never moves it on screen (a layout shift). */}
        <main
          id="main"
          className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 lg:px-10"
        >
          <SecondFactorGate />
          <Outlet />
        </main>
        <footer className="border-t border-base-300/70 bg-base-100">
          <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row sm:px-6 lg:px-10">
            <nav aria-label="Footer">
              <ul className="flex flex-wrap justify-center gap-x-5 gap-y-1">
                {FOOTER.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="link link-hover text-base-content/70">
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <p className="text-base-content/60">
              © {new Date().getFullYear()} Dayframe. All rights reserved.
            </p>
          </div>
        </footer>
      </div>
    </div>
  );
}
