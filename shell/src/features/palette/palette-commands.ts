import { appMenu, type RemoteCatalog } from '../remotes/mod.ts';

/**
 * One command of the palette. `path` opens a screen; `action` is run by its owner: the shell's
 * own (`theme`, `logout`) here, a remote's by the `dayframe:command` event it listens to.
 */
export type PaletteCommand = {
  id: string;
  label: string;
  keywords: string[];
  owner: string;
  path?: string | undefined;
  action?: string | undefined;
};

/** The event a remote's `action` command is announced with; the remote that owns it acts. */
export const COMMAND_EVENT = 'dayframe:command';
export type CommandEventDetail = { remote: string; id: string; action: string };

/**
 * Every command of this page load: what the remotes contribute (their words, their targets),
 * a "Go to" for each screen of the menu no remote command already opens, and the shell's own
 * theme and log-out commands. Administrator-only ones are left out for everyone else.
 */
export function paletteCommands(
  catalog: RemoteCatalog | null,
  { isAdmin, theme }: { isAdmin: boolean; theme: 'light' | 'dark' | string },
): PaletteCommand[] {
  const contributed = (catalog?.remotes ?? []).flatMap((remote) =>
    (remote.description?.commands ?? [])
      .filter((command) => !command.adminOnly || isAdmin)
      .map((command) => ({
        id: command.id,
        label: command.label,
        keywords: command.keywords,
        owner: remote.name,
        path: command.path,
        action: command.action,
      })),
  );
  const opened = new Set(contributed.map((command) => command.path));
  const goTo = appMenu(catalog, isAdmin)
    .filter((item) => !opened.has(item.to))
    .map((item) => ({
      id: `shell.go.${item.key}`,
      label: `Go to ${item.label}`,
      keywords: [item.label],
      owner: 'shell',
      path: item.to,
    }));
  const dark = theme === 'dark';
  return [
    ...goTo,
    ...contributed,
    {
      id: 'shell.theme',
      label: dark ? 'Switch to light theme' : 'Switch to dark theme',
      keywords: ['theme', 'dark', 'light', 'mode', 'colors'],
      owner: 'shell',
      action: 'theme',
    },
    {
      id: 'shell.logout',
      label: 'Log out',
      keywords: ['sign out', 'exit', 'leave'],
      owner: 'shell',
      action: 'logout',
    },
  ];
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The commands whose label or keywords hold every word typed (each as the start of a word),
 * in their order; all of them for no text.
 */
export function matchCommands(commands: PaletteCommand[], text: string): PaletteCommand[] {
  const words = fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return commands;
  return commands.filter((command) => {
    const haystack = fold([command.label, ...command.keywords].join(' '))
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    return words.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
  });
}
