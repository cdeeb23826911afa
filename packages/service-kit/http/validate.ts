import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Parses untrusted input with a contract schema. The first problem becomes a 400 whose message
 * is the schema's own (the spec's wording where the spec has one). Request schemas are plain
 * `z.object`s (tolerant reader): unknown fields, `__proto__` and `constructor` included, are
 * dropped from the result, so a newer client's extra field neither fails nor reaches storage.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest('Invalid request', 'validation_failed');
  if (issue.code === 'invalid_type' && issue.path.length === 0) {
    throw badRequest('The request body must be a JSON object', 'validation_failed');
  }
  throw badRequest(issue.message, 'validation_failed');
}
