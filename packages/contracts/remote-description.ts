// Checked without zod: the shell reads these on every signed-in first load (see checks.ts).
import {
  fail,
  fields,
  finite,
  flag,
  list,
  matching,
  oneOf,
  optional,
  read,
  recordOf,
  text,
  tolerantList,
  withDefault,
  type Check,
} from './checks.ts';

/** The file each remote's build writes beside its `mf-manifest.json`. */
export const REMOTE_DESCRIPTION_FILE = 'dayframe-remote.json';

/** The web kit's package name: the key of `requires` that the shell checks. */
export const WEB_KIT_PACKAGE = '@dayframe/web-kit';

const SEGMENT = String.raw`(?:[A-Za-z0-9._~-]+|:[A-Za-z_][A-Za-z0-9_]*)`;
/**
 * A path pattern a remote owns, in react-router's words: static segments, `:param` segments and
 * an optional trailing `/*` for everything below. `/` and `/*` alone are refused: no remote may
 * claim the whole app.
 */
const ROUTE_PATTERN = new RegExp(String.raw`^(?:/${SEGMENT})+(?:/\*)?$`);
/** An in-app address a menu item or command opens: a path, optionally with a query. */
const APP_PATH = /^\/(?!\/)[^\s\\]*$/;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const FEDERATION_NAME = /^[a-z][a-z0-9_]*$/;
const DOTTED_ID = /^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+$/;
/** How many menu items, commands or widgets one remote may offer. */
const MAX_ITEMS = 50;

/** Text as written, `min` to `max` characters. */
function sized(min: number, max: number): Check<string> {
  return (value, at) =>
    typeof value === 'string' && value.length >= min && value.length <= max
      ? value
      : fail(at, `Must be text of ${min} to ${max} characters`);
}

export type RemoteMenuItem = {
  label: string;
  path: string;
  /**
   * An icon name from the shell's set (`book`, `pencil`, `target`, `calendar`, `settings`,
   * `shield`, …). A name the shell does not know yet shows its generic icon, so a newer remote
   * never breaks an older shell's menu.
   */
  icon: string;
  /** Position in the menu, lowest first; the shell's Dashboard is 0. */
  order: number;
  /** Shown to administrators only (the server still enforces the role). */
  adminOnly: boolean;
};
const menuItem = fields<RemoteMenuItem>({
  label: text(40),
  path: matching(APP_PATH),
  icon: withDefault(sized(0, 40), 'dot'),
  order: withDefault(finite, 100),
  adminOnly: withDefault(flag, false),
});

/**
 * A command for the command palette: it opens `path`, or runs `action`, a name the remote
 * handles itself. At least one of the two.
 */
export type RemoteCommand = {
  id: string;
  label: string;
  path?: string;
  action?: string;
  keywords: string[];
  adminOnly: boolean;
};
const commandFields = fields<RemoteCommand>({
  id: matching(DOTTED_ID),
  label: text(60),
  path: optional(matching(APP_PATH)),
  action: optional(matching(/^[a-z][a-z0-9-]*$/)),
  keywords: withDefault(list(text(30), 0, 20), []),
  adminOnly: withDefault(flag, false),
});
const command: Check<RemoteCommand> = (value, at) => {
  const read = commandFields(value, at);
  return read.path !== undefined || read.action !== undefined
    ? read
    : fail(at, 'A command needs a path or an action');
};

/**
 * A widget a remote offers another screen: a federated module of its own (`./dashboard-widgets`)
 * whose default export is a component taking no props. `slot` names where it goes; the shell's
 * dashboard renders the `dashboard` ones, each in its own error boundary.
 */
export type RemoteWidget = { id: string; module: string; slot: 'dashboard' };
const widget = fields<RemoteWidget>({
  id: matching(DOTTED_ID),
  module: matching(/^\.\/[a-z][a-z0-9-]*$/),
  slot: oneOf(['dashboard']),
});

/**
 * What a remote owns, published by its build as {@link REMOTE_DESCRIPTION_FILE} beside its
 * manifest and read by the shell at run time. Unknown fields are dropped, so a newer remote
 * may say more than an older shell understands; a menu item, command or widget an older shell
 * cannot read is dropped alone, not the remote's whole menu.
 */
export type RemoteDescription = {
  /** The federation name, as in `/remotes.json`. */
  name: string;
  /** The remote's own version (its package.json). */
  version: string;
  /** Shared packages and the semver range each must satisfy (`@dayframe/web-kit`: `^3.0.0`). */
  requires: Record<string, string>;
  routes: string[];
  menu: RemoteMenuItem[];
  commands: RemoteCommand[];
  widgets: RemoteWidget[];
};
const description = fields<RemoteDescription>({
  name: matching(FEDERATION_NAME),
  version: matching(SEMVER),
  requires: withDefault(recordOf(sized(1, 60)), {}),
  routes: list(matching(ROUTE_PATTERN), 1, 50),
  menu: tolerantList(menuItem, MAX_ITEMS),
  commands: tolerantList(command, MAX_ITEMS),
  widgets: tolerantList(widget, MAX_ITEMS),
});

/** Reads a description (fetched, or a build's); the problem names the first thing wrong. */
export function parseRemoteDescription(
  value: unknown,
): { ok: true; description: RemoteDescription } | { ok: false; problem: string } {
  const checked = read(description, value, 'description');
  return checked.ok ? { ok: true, description: checked.value } : checked;
}

/** Where the description of the remote at `manifestUrl` lives: the same folder. */
export function remoteDescriptionUrl(manifestUrl: string, base: string): string {
  return new URL(REMOTE_DESCRIPTION_FILE, new URL(manifestUrl, base)).href;
}

const listedRemote = fields({ name: matching(FEDERATION_NAME), entry: sized(1, Infinity) });
const everyListedRemote = tolerantList(listedRemote, Infinity);
const remotesList = fields<{ remotes: { name: string; entry: string }[] }>({
  remotes: (value, at) =>
    value === undefined ? fail(at, 'Expected a list') : everyListedRemote(value, at),
});

/**
 * `/remotes.json` as the shell reads it: entries it cannot use are skipped, not fatal; a file
 * without a `remotes` list is an error.
 */
export function parseRemotesList(value: unknown): { name: string; entry: string }[] {
  const checked = read(remotesList, value, 'remotes.json');
  if (!checked.ok) throw new Error(`/remotes.json is invalid (${checked.problem})`);
  return checked.value.remotes;
}
