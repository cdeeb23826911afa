/**
 * Helpers for the front ends' component tests (jsdom): a table-driven `fetch`, user fixtures,
 * rendering at a path with the toaster, the toasts shown (`toastTexts` from the page,
 * `toastMessages(kind)` from the toast list), and a reset of the page-wide session and toasts
 * after each test. Imported only by `*.test.tsx` files, never by app code.
 *
 * @example
 * import { fakeApi, renderAt, toastTexts, verifiedUser } from '@dayframe/web-kit/testing';
 * const api = fakeApi({ 'GET /goals/due': [200, []] });
 */
export * from './fake-api.ts';
export * from './dom.tsx';
// A router holding its history in memory, for rendering a screen at a path.
export { MemoryRouter } from 'react-router';
