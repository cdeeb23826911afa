import { z } from 'zod';

/** A required string: `missing` when absent, empty or blank; `tooLong` past `max`. */
export function requiredText(
  max: number,
  missing: string,
  tooLong = `Must be at most ${max} characters`,
) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: tooLong });
}

/** An optional string, trimmed, at most `max` characters; absent means empty. */
export function optionalText(max: number, tooLong = `Must be at most ${max} characters`) {
  return z.string({ error: 'Must be text' }).trim().max(max, { error: tooLong }).default('');
}
