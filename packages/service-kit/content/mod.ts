/**
 * What the services that keep users' content (journals, goals) share: the service app with its
 * database readiness, the search route, and the internal routes the calendar and the archive
 * call. Each service passes its own use cases; its domain stays its own.
 *
 * @example
 * import { createContentService, exportRoute } from '@dayframe/service-kit/content';
 * import { exportPageQuery, goalsImport } from '@dayframe/contracts';
 * const goals = createContentService({
 *   name: 'goals', db, log, auth, migrations, routers: [goalRoutes(scope, auth)],
 *   search: { path: '/api/search/goals', find: (userId, query) => searchGoals(scope, userId, query) },
 *   internals: {
 *     calendarWindow: (userId, { from, to }) => goalsBetween(scope, userId, from, to),
 *     exports: [exportRoute('/export', exportPageQuery, (userId, page) => exportGoals(scope, userId, page))],
 *     importPart: {
 *       schema: goalsImport,
 *       add: (userId, part, step) => importGoals(scope, userId, part, step),
 *       undo: (userId, importId) => undoGoalsImport(scope, userId, importId),
 *     },
 *   },
 *   userRows: { deleteOf: deleteGoalsOf, userIdsAfter },
 * });
 */
export * from './content-service.ts';
export * from './internal-routes.ts';
export * from './search-routes.ts';
