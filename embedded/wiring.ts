import type Koa from 'koa';
import type { ExportedSignIn } from '@dayframe/contracts';
import type { ServiceName } from '@dayframe/catalog';
import type { Clock, Logger } from '@dayframe/service-kit/http';
import type { Knex } from '@dayframe/service-kit/db';
import type { JobBus } from '@dayframe/service-kit/jobs';
import type { EventBus, UserDirectory } from '@dayframe/service-kit/events';
import type { ServiceKey, SessionCheck, Tokens } from '@dayframe/service-kit/tokens';
import type { Journals } from '@dayframe/journals';
import type { Goals } from '@dayframe/goals';
import type { Media } from '@dayframe/media';
import type { EmbeddedConfig } from './config.ts';
import type { Lifecycle, Part } from './lifecycle.ts';

/** How the services here confirm a session and ask which users exist: identity's answers. */
export type IdentityLink = { checkSession: SessionCheck; users: UserDirectory };

/** What a service mounted in this process offers the services mounted after it, by a call. */
export type Offers = {
  identity: IdentityLink & {
    tokens: Tokens;
    /** Where a reminder is mailed: the account's verified address, or null. */
    mailAddress(userId: string): Promise<{ email: string; name: string } | null>;
    /** Which sign-in methods the account has on, for the archive's export (issue 28). */
    signInMethods(userId: string): Promise<ExportedSignIn>;
  };
  journals: Journals;
  goals: Goals;
  calendar: object;
  archive: object;
  media: Media;
  reminders: object;
};

/** What every mount is given: the shared database and buses, and the services before it. */
export type Wiring = {
  config: EmbeddedConfig;
  log: Logger;
  clock?: Clock;
  life: Lifecycle;
  /** The one database of the services mounted here (made on first use). */
  db(): Knex;
  /** Rejects while that database cannot answer; resolves at once when none is used here. */
  dbReady(): Promise<void>;
  jobs: JobBus;
  events: EventBus;
  /** Identity's tokens: its issuer when mounted here, the verifying key otherwise. */
  tokens(): Tokens;
  /**
   * Identity's session check and user directory for `caller`: by a call when mounted here, else
   * over HTTP with `caller`'s service token.
   */
  identity(caller: ServiceName): IdentityLink;
  /**
   * The service-token key of this process: `SERVICE_TOKEN_SECRET`, or a random one when every
   * service runs here (nothing crosses a process, so nothing else needs it).
   */
  serviceKey: ServiceKey;
  /** The services already mounted in this process. */
  mounted: Partial<Offers>;
  /** A service's `*_URL` when it runs elsewhere. */
  urlOf(name: ServiceName): string | undefined;
};

/** A service mounted in this process: its app, its part in the lifecycle, what it offers. */
export type Mounted<N extends ServiceName> = { app: Koa; part: Part; offers: Offers[N] };

export type Mount<N extends ServiceName> = (wiring: Wiring) => Mounted<N>;
