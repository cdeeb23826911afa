/**
 * A few small checks for JSON read where every byte and millisecond counts: the shell reads the
 * remotes' descriptions on each signed-in first load, where zod's schemas cost 8 KB gzipped
 * and ~30 ms of a 4× throttled phone's main thread (issue 17). A check returns the value, read
 * (trimmed, defaulted, unknown fields dropped), or throws {@link Invalid} naming where.
 */

/** A value that breaks the contract: where (`routes.0`) and why. */
export class Invalid extends Error {
  constructor(
    readonly at: string,
    message: string,
  ) {
    super(message);
  }
}

export type Check<T> = (value: unknown, at: string) => T;

export function fail(at: string, message: string): never {
  throw new Invalid(at, message);
}

const inside = (at: string, key: string | number) => (at ? `${at}.${key}` : String(key));

/** Text, trimmed, not blank, at most `max` characters. */
export function text(max: number): Check<string> {
  return (value, at) => {
    if (typeof value !== 'string') return fail(at, 'Expected text');
    const trimmed = value.trim();
    if (!trimmed) return fail(at, 'Must not be blank');
    return trimmed.length <= max ? trimmed : fail(at, `Must be at most ${max} characters`);
  };
}

/** Text matching `pattern`, as written. */
export function matching(pattern: RegExp): Check<string> {
  return (value, at) =>
    typeof value === 'string' && pattern.test(value) ? value : fail(at, `Must match ${pattern}`);
}

export const flag: Check<boolean> = (value, at) =>
  typeof value === 'boolean' ? value : fail(at, 'Expected true or false');

export const finite: Check<number> = (value, at) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(at, 'Expected a number');

export function oneOf<const T extends string>(choices: readonly T[]): Check<T> {
  return (value, at) =>
    choices.includes(value as T) ? (value as T) : fail(at, `Must be one of ${choices.join(', ')}`);
}

/** `fallback` when absent. */
export function withDefault<T>(check: Check<T>, fallback: T): Check<T> {
  return (value, at) => (value === undefined ? fallback : check(value, at));
}

/** Left out of the result when absent. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, at) => (value === undefined ? undefined : check(value, at));
}

/** A list of `min` to `max` items, each checked. */
export function list<T>(item: Check<T>, min: number, max: number): Check<T[]> {
  return (value, at) => {
    if (!Array.isArray(value)) return fail(at, 'Expected a list');
    if (value.length < min) return fail(at, `Must hold at least ${min}`);
    if (value.length > max) return fail(at, `Must hold at most ${max}`);
    return value.map((one, i) => item(one, inside(at, i)));
  };
}

/**
 * A list of at most `max` items (none when absent) keeping the items that pass and dropping the
 * others, so one item a reader does not understand costs that item only.
 */
export function tolerantList<T>(item: Check<T>, max: number): Check<T[]> {
  return (value, at) => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) return fail(at, 'Expected a list');
    if (value.length > max) return fail(at, `Must hold at most ${max}`);
    return value.flatMap((one, i) => {
      try {
        return [item(one, inside(at, i))];
      } catch (error) {
        if (error instanceof Invalid) return [];
        throw error;
      }
    });
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object with these fields, each checked; fields not named are dropped. */
export function fields<T extends object>(shape: { [K in keyof T]-?: Check<T[K]> }): Check<T> {
  return (value, at) => {
    if (!isRecord(value)) return fail(at, 'Expected an object');
    const read: Partial<T> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const field = shape[key](value[key], inside(at, key));
      if (field !== undefined) read[key] = field;
    }
    return read as T;
  };
}

/** An object whose every value passes `item`. */
export function recordOf<T>(item: Check<T>): Check<Record<string, T>> {
  return (value, at) => {
    if (!isRecord(value)) return fail(at, 'Expected an object');
    return Object.fromEntries(
      Object.entries(value).map(([key, one]) => [key, item(one, inside(at, key))]),
    );
  };
}

/** Runs `check` on `value`: the value read, or the first problem as `where: why`. */
export function read<T>(
  check: Check<T>,
  value: unknown,
  whole: string,
): { ok: true; value: T } | { ok: false; problem: string } {
  try {
    return { ok: true, value: check(value, '') };
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return { ok: false, problem: `${error.at || whole}: ${error.message}` };
  }
}
