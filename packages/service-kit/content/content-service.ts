import type Koa from 'koa';
import type Router from '@koa/router';
import { createServiceApp } from '../http/service-app.ts';
import type { Logger } from '../http/logger.ts';
import { migrate, pingDatabase, type Knex, type Migration } from '../db/database.ts';
import type { AccountDataOwner } from '../events/account-data.ts';
import type { RouteAuth } from '../tokens/authenticate.ts';
import type { ServiceKey } from '../tokens/service-tokens.ts';
import { contentInternalRoutes, type ContentInternals } from './internal-routes.ts';
import { contentSearchRoutes, type ContentSearch } from './search-routes.ts';

/** What differs between two services that keep users' content (journals, goals). */
export type ContentServiceParts<Part> = {
  /** The service's name: its logs and its migrations table's rows. */
  name: string;
  db: Knex;
  log: Logger;
  auth: RouteAuth;
  /** The deployment's service-token key: checks the tokens on its `/internal/*` calls. */
  serviceKey: ServiceKey;
  migrations: Migration[];
  /** Its own API (`/api/goals*`), before search and the internal routes. */
  routers: Router[];
  search: ContentSearch;
  internals: ContentInternals<Part>;
  /**
   * Its repository's reads and deletes of a user's rows, so they follow the accounts (see
   * keepAccountDataInStep).
   */
  userRows: {
    deleteOf(db: Knex, userId: string): Promise<void>;
    userIdsAfter(db: Knex, after: string, limit: number): Promise<string[]>;
  };
};

/** A content service's app, its migrations and its account data. */
export type ContentService = AccountDataOwner & { app: Koa; migrate(): Promise<void> };

/**
 * The parts every content service shares: a service app with a database readiness check, its
 * search route, the internal routes the calendar and the archive call (the import reading its
 * own large body), and its migrations run on demand.
 */
export function createContentService<Part>(parts: ContentServiceParts<Part>): ContentService {
  const app = createServiceApp({
    name: parts.name,
    log: parts.log,
    serviceKey: parts.serviceKey,
    routers: [
      ...parts.routers,
      contentSearchRoutes(parts.search, parts.auth),
      contentInternalRoutes(parts.internals, parts.auth),
    ],
    readiness: { database: () => pingDatabase(parts.db) },
    ownBodies: ['/internal/import'],
  });
  return {
    app,
    migrate: () => migrate(parts.db, parts.name, parts.migrations),
    deleteAccountData: (userId) => parts.userRows.deleteOf(parts.db, userId),
    userIdsAfter: (after, limit) => parts.userRows.userIdsAfter(parts.db, after, limit),
  };
}
