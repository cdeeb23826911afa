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

/** Hands out names unique within one folder: `name`, then `name-2`, `name-3`, ... */
export function uniqueNames(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate); n += 1) candidate = `${name}-${n}`;
    taken.add(candidate);
    return candidate;
  };
}
