import { z } from 'zod';

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

const text = (max: number) => z.string().trim().min(1).max(max);

export const remoteMenuItem = z.object({
  label: text(40),
  path: z.string().regex(APP_PATH),
  /**
   * An icon name from the shell's set (`book`, `pencil`, `target`, `calendar`, `settings`,
   * `shield`, …). A name the shell does not know yet shows its generic icon, so a newer remote
   * never breaks an older shell's menu.
   */
  icon: z.string().max(40).default('dot'),
  /** Position in the menu, lowest first; the shell's Dashboard is 0. */
  order: z.number().finite().default(100),
  /** Shown to administrators only (the server still enforces the role). */
  adminOnly: z.boolean().default(false),
});
export type RemoteMenuItem = z.infer<typeof remoteMenuItem>;

/**
 * A command for the command palette: it opens `path`, or runs `action`, a name the remote
 * handles itself. At least one of the two.
 */
export const remoteCommand = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+$/),
    label: text(60),
    path: z.string().regex(APP_PATH).optional(),
    action: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/)
      .optional(),
    keywords: z.array(text(30)).max(20).default([]),
    adminOnly: z.boolean().default(false),
  })
  .refine((command) => command.path !== undefined || command.action !== undefined, {
    error: 'A command needs a path or an action',
  });
export type RemoteCommand = z.infer<typeof remoteCommand>;

/**
 * A widget a remote offers another screen: a federated module of its own (`./dashboard-widgets`)
 * whose default export is a component taking no props. `slot` names where it goes; the shell's
 * dashboard renders the `dashboard` ones, each in its own error boundary.
 */
export const remoteWidget = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+$/),
  module: z.string().regex(/^\.\/[a-z][a-z0-9-]*$/),
  slot: z.enum(['dashboard']),
});
export type RemoteWidget = z.infer<typeof remoteWidget>;

/**
 * Keeps the items that parse and drops the others, so one item an older shell does not
 * understand costs that item only, not the remote's whole menu.
 */
function tolerantList<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .max(50)
    .default([])
    .transform((items) =>
      items.flatMap((value) => {
        const parsed = item.safeParse(value);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

/**
 * What a remote owns, published by its build as {@link REMOTE_DESCRIPTION_FILE} beside its
 * manifest and read by the shell at run time. Unknown fields are ignored, so a newer remote
 * may say more than an older shell understands.
 */
export const remoteDescription = z.object({
  /** The federation name, as in `/remotes.json`. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** The remote's own version (its package.json). */
  version: z.string().regex(SEMVER),
  /** Shared packages and the semver range each must satisfy (`@dayframe/web-kit`: `^1.0.0`). */
  requires: z.record(z.string(), z.string().min(1).max(60)).default({}),
  routes: z.array(z.string().regex(ROUTE_PATTERN)).min(1).max(50),
  menu: tolerantList(remoteMenuItem),
  commands: tolerantList(remoteCommand),
  widgets: tolerantList(remoteWidget),
});
export type RemoteDescription = z.infer<typeof remoteDescription>;
/** What a remote keeps in its source (`src/remote.json`); the build adds its version and requirements. */
export const remoteDescriptionSource = remoteDescription.omit({ version: true, requires: true });
export type RemoteDescriptionSource = z.input<typeof remoteDescriptionSource>;

/** Parses a fetched description; the error names the first problem. */
export function parseRemoteDescription(
  value: unknown,
): { ok: true; description: RemoteDescription } | { ok: false; problem: string } {
  const parsed = remoteDescription.safeParse(value);
  if (parsed.success) return { ok: true, description: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    problem: issue ? `${issue.path.join('.') || 'description'}: ${issue.message}` : 'invalid',
  };
}

/** Where the description of the remote at `manifestUrl` lives: the same folder. */
export function remoteDescriptionUrl(manifestUrl: string, base: string): string {
  return new URL(REMOTE_DESCRIPTION_FILE, new URL(manifestUrl, base)).href;
}

/** `/remotes.json` as the shell reads it: entries it cannot use are skipped, not fatal. */
export const remotesList = z.object({
  remotes: z.array(z.unknown()).transform((items) =>
    items.flatMap((value) => {
      const parsed = z
        .object({ name: z.string().regex(/^[a-z][a-z0-9_]*$/), entry: z.string().min(1) })
        .safeParse(value);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
});
