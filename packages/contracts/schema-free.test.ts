// The contract modules the screens read must not reach zod, even through another module: a
// module is bundled whole once one of its exports is used, so one such import puts zod's 23 KB
// gzipped back on every screen (issue 30's budgets would catch it, here it is named).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** What the shell, the web kit and the remotes import from `@dayframe/contracts` at run time. */
const READ_BY_SCREENS = [
  'calendar-dates.ts',
  'entry-messages.ts',
  'limits.ts',
  'media-limits.ts',
  'media-references.ts',
  'messages.ts',
  'mood.ts',
  'prompts.ts',
  'quota-messages.ts',
  'remote-description.ts',
  'search-operators.ts',
  'sign-in-security-rules.ts',
  'step-up.ts',
  'tags.ts',
  'templates.ts',
];

/** The modules `file` imports for their values (type-only imports are erased). */
function valueImports(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  return [...source.matchAll(/^import (?!type\b)[^;]*?from '([^']+)'/gms)].map((m) => m[1]!);
}

/** The chain of imports from `file` to zod, or null when there is none. */
function pathToZod(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const imported of valueImports(file)) {
    if (imported === 'zod') return [file, 'zod'];
    if (!imported.startsWith('./')) continue;
    const rest = pathToZod(imported.slice(2), seen);
    if (rest) return [file, ...rest];
  }
  return null;
}

describe('the contract modules screens read are schema-free', () => {
  it.each(READ_BY_SCREENS)('%s reaches no zod', (file) => {
    expect(pathToZod(file)?.join(' → ') ?? null).toBeNull();
  });

  it('sees an import of zod where there is one', () => {
    expect(pathToZod('sign-in-security.ts')).toEqual(['sign-in-security.ts', 'zod']);
    expect(pathToZod('admin.ts')?.at(-1)).toBe('zod');
  });
});
