/**
 * A safe file name from a title: ASCII letters, digits and dashes only (so never `..`, `/` or
 * a reserved character), at most 60 characters, `fallback` when nothing is left.
 */
export function slugify(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * Hands out names unique within one folder: `name`, then `name-2`, `name-3`, ... Each base name
 * remembers the next suffix to try, so the k-th copy of a name costs O(1) amortised instead of
 * k tries; a suffix already taken (a title that itself ends in `-2`) is skipped, not reused.
 */
export function uniqueNames(): (name: string) => string {
  const taken = new Set<string>();
  const nextSuffix = new Map<string, number>();
  return (name) => {
    let candidate = name;
    let n = nextSuffix.get(name) ?? 2;
    if (taken.has(candidate)) {
      do candidate = `${name}-${n++}`;
      while (taken.has(candidate));
    }
    nextSuffix.set(name, n);
    taken.add(candidate);
    return candidate;
  };
}
