import type { RemoteCatalog } from './api/remote-catalog.ts';

/** One line of the app menu: the shell's Dashboard, or an item a remote published. */
export type AppMenuItem = { key: string; to: string; label: string; icon: string; order: number };

const DASHBOARD: AppMenuItem = {
  key: 'shell:/dashboard',
  to: '/dashboard',
  label: 'Dashboard',
  icon: 'home',
  order: 0,
};

/**
 * Spec §2's app menu: Dashboard first, then every described remote's items by their `order`
 * (ties keep `/remotes.json` order). Administrator-only items are left out for everyone else.
 * A remote that did not describe itself adds nothing.
 */
export function appMenu(catalog: RemoteCatalog | null, isAdmin: boolean): AppMenuItem[] {
  const items = (catalog?.remotes ?? []).flatMap((remote) =>
    (remote.description?.menu ?? [])
      .filter((item) => !item.adminOnly || isAdmin)
      .map((item) => ({
        key: `${remote.name}:${item.path}:${item.label}`,
        to: item.path,
        label: item.label,
        icon: item.icon,
        order: item.order,
      })),
  );
  // Array.prototype.sort is stable, so equal orders keep the remotes' order.
  return [DASHBOARD, ...items.sort((a, b) => a.order - b.order)];
}
