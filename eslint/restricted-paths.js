// A small ESLint rule of our own: an import may not reach from one zone of the repository into
// another (see ARCHITECTURE.md, "Boundaries"). It replaces eslint-plugin-import-x, whose native
// resolver pulls platform packages that the npm registry reachable from CI does not all serve,
// so `npm ci` refused the lock file. Imports are resolved by path alone (relative specifiers,
// and `@dayframe/<name>` through the workspaces' package names); nothing is read per import.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** `@dayframe/<name>` → its workspace folder, from the root package.json's workspaces. */
function workspaceFolders(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const folders = new Map();
  for (const pattern of workspaces) {
    const candidates = pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(pattern.slice(0, -2), entry.name))
      : [pattern];
    for (const folder of candidates) {
      try {
        const { name } = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
        if (name) folders.set(name, join(root, folder));
      } catch {
        // A folder without a package.json is not a workspace.
      }
    }
  }
  return folders;
}

const inside = (file, folder) => file === folder || file.startsWith(folder + sep);

/** @type {import('eslint').Rule.RuleModule} */
const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'An import may not reach from one zone of the repository into another.' },
    schema: [{ type: 'object' }],
  },
  create(context) {
    const { basePath, zones } = context.options[0] ?? {};
    const packages = workspaceFoldersCached(basePath);
    const filename = resolve(context.filename);
    const mine = zones.filter((zone) => inside(filename, join(basePath, zone.target)));
    if (mine.length === 0) return {};

    function target(specifier) {
      if (specifier.startsWith('.')) return resolve(dirname(filename), specifier);
      const [scope, name, ...rest] = specifier.split('/');
      const folder = packages.get(`${scope}/${name}`);
      return folder ? join(folder, ...rest) : null;
    }

    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const file = target(node.source.value);
      if (!file) return;
      for (const zone of mine) {
        for (const from of [zone.from].flat()) {
          const folder = join(basePath, from);
          if (!inside(file, folder)) continue;
          const allowed = (zone.except ?? []).some((door) => inside(file, join(folder, door)));
          if (!allowed) {
            context.report({ node: node.source, message: zone.message });
            return;
          }
        }
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const cache = new Map();
function workspaceFoldersCached(root) {
  if (!cache.has(root)) cache.set(root, workspaceFolders(root));
  return cache.get(root);
}

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };
