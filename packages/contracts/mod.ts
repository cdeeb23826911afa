/**
 * The API contract of Dayframe: zod schemas for every request and response body of spec §7,
 * the error body, queue names and job payloads, the account-deleted event, and the federated remotes. Services validate
 * with these; front ends type their calls with them.
 *
 * @example
 * import { loginRequest } from '@dayframe/contracts';
 * const body = loginRequest.parse({ email: 'ada@example.com', password: 'correct horse' });
 */
export * from './error.ts';
export * from './calendar-dates.ts';
export * from './dates.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './fields.ts';
export * from './step-up.ts';
export * from './auth.ts';
export * from './webauthn-json.ts';
export * from './sign-in-security-rules.ts';
export * from './sign-in-security.ts';
export * from './user.ts';
export * from './admin.ts';
export * from './queues.ts';
export * from './account-events.ts';
export * from './remotes.ts';
export * from './remote-description.ts';
export * from './record-ids.ts';
export * from './date-fields.ts';
export * from './journals.ts';
export * from './tags.ts';
export * from './mood.ts';
export * from './entry-messages.ts';
export * from './entries.ts';
export * from './goals.ts';
export * from './calendar.ts';
export * from './paging.ts';
export * from './quota-messages.ts';
export * from './search-operators.ts';
export * from './search.ts';
export * from './insights.ts';
export * from './archive.ts';
export * from './versions.ts';
export * from './templates.ts';
export * from './prompts.ts';
export * from './media-limits.ts';
export * from './media.ts';
export * from './media-references.ts';
export * from './media-index.ts';
export * from './reminders.ts';
