import { keepAccountDataInStep, type AccountDataOwner } from '@dayframe/service-kit/events';
import type { ServiceName } from '@dayframe/catalog';
import { configuredIdentity } from '@dayframe/identity';
import { startMailer } from '@dayframe/mailer';
import { createJournals } from '@dayframe/journals';
import { createGoals } from '@dayframe/goals';
import {
  createMedia,
  mediaRateLimiter,
  mediaStorageFrom,
  mediaUrlSecret,
  remoteMediaReferences,
  type MediaReferences,
} from '@dayframe/media';
import {
  createReminders,
  remindersPush,
  remindersRateLimiter,
  remoteReminderSources,
  unsubscribeSecret,
  type ReminderSources,
} from '@dayframe/reminders';
import { serviceCaller } from '@dayframe/service-kit/tokens';
import * as calendar from '@dayframe/calendar';
import * as archive from '@dayframe/archive';
import type { Part } from './lifecycle.ts';
import type { Mount, Wiring } from './wiring.ts';

/**
 * How each service of the catalog is mounted in the embedded app. The record is typed by the
 * catalog's names, so a service added there without a mount here does not compile.
 */
export const MOUNTS: { [N in ServiceName]: Mount<N> } = {
  identity(w) {
    const { identity, issuer, limiter } = configuredIdentity(w.config, {
      db: w.db(),
      jobs: w.jobs,
      events: w.events,
      log: w.log,
      serviceKey: w.serviceKey,
      clock: w.clock,
      appPort: w.config.PORT,
    });
    // Mail is sent from this process whenever identity runs here; otherwise the mailer worker does it.
    const mailer = startMailer(w.jobs, w.config, w.log);
    return {
      app: identity.app,
      part: {
        start: identity.migrate,
        // Relays what a previous run committed but had not published yet, then keeps relaying.
        ready: () => identity.relay.start(),
        async stop() {
          await identity.relay.stop();
          await identity.close();
          await limiter.close();
          mailer.close();
        },
      },
      offers: {
        checkSession: identity.checkSession,
        users: { existing: identity.existingUsers },
        tokens: issuer,
        mailAddress: identity.mailAddress,
        signInMethods: identity.signInMethods,
      },
    };
  },
  journals(w) {
    const journals = createJournals({ db: w.db(), ...serviceParts(w, 'journals') });
    return { app: journals.app, part: ownerPart(w, 'journals', journals), offers: journals };
  },
  goals(w) {
    const goals = createGoals({ db: w.db(), ...serviceParts(w, 'goals') });
    return { app: goals.app, part: ownerPart(w, 'goals', goals), offers: goals };
  },
  calendar(w) {
    const { journals, goals } = w.mounted;
    const owners = ownersOf(
      w,
      calendar.inProcessSources({
        entriesBetween: journals?.entriesBetween,
        goalsBetween: goals?.goalsBetween,
        ready: w.dbReady,
      }),
      (urls) => calendar.httpSources({ ...urls, serviceKey: w.serviceKey }),
    );
    const service = calendar.createCalendar({
      sources: calendar.pickSources({ entries: owners.journals, goals: owners.goals }),
      ...serviceParts(w, 'calendar'),
    });
    return { app: service.app, part: { stop: service.close }, offers: {} };
  },
  archive(w) {
    const { journals, goals, media, identity } = w.mounted;
    const local = archive.inProcessSources({
      exportJournals: journals?.exportJournals,
      exportEntries: journals?.exportEntries,
      importJournals: journals?.importJournals,
      undoJournalsImport: journals?.undoJournalsImport,
      exportGoals: goals?.exportGoals,
      importGoals: goals?.importGoals,
      undoGoalsImport: goals?.undoGoalsImport,
      exportMedia: media?.exportMedia,
      openMedia: media?.openMedia,
      checkMediaImport: media?.checkMediaImport,
      importMedia: media?.importMedia,
      exportSignIn: identity?.signInMethods,
      ready: w.dbReady,
    });
    const owners = ownersOf(w, local, (urls) =>
      archive.httpSources({ ...urls, serviceKey: w.serviceKey }),
    );
    // Media's files by a call when it is mounted here, else over its internal endpoints.
    const files = media
      ? local
      : archive.httpSources({ mediaUrl: w.urlOf('media'), serviceKey: w.serviceKey });
    // Which sign-in methods the account has on: by a call when identity is mounted here.
    const signIn = identity
      ? local
      : archive.httpSources({ identityUrl: w.urlOf('identity'), serviceKey: w.serviceKey });
    const service = archive.createArchive({
      sources: archive.pickSources({ ...owners, media: files, identity: signIn }),
      ...serviceParts(w, 'archive'),
    });
    return { app: service.app, part: { stop: service.close }, offers: {} };
  },
  media(w) {
    const limiter = mediaRateLimiter(w.config, w.log);
    const media = createMedia({
      db: w.db(),
      ...serviceParts(w, 'media'),
      storage: mediaStorageFrom(w.config),
      urlKey: mediaUrlSecret(w.config),
      // The app's one job bus: the sizes queue is added to and worked here, beside the mail.
      jobs: w.jobs,
      limiter,
      uploads: { perProcess: w.config.MEDIA_UPLOADS_PER_PROCESS },
      references: mediaReferences(w),
    });
    const part = ownerPart(w, 'media', media);
    return {
      app: media.app,
      part: {
        ...part,
        ready() {
          part.ready?.();
          media.ready(sweepSchedule(w));
        },
        async stop() {
          await part.stop?.();
          await media.close();
          await limiter.close();
        },
      },
      offers: media,
    };
  },
  reminders(w) {
    const limiter = remindersRateLimiter(w.config, w.log);
    const reminders = createReminders({
      db: w.db(),
      ...serviceParts(w, 'reminders'),
      // The app's one job bus: due reminders are queued and worked here, their mail beside.
      jobs: w.jobs,
      sources: reminderSources(w),
      appUrl: w.config.APP_URL,
      unsubscribeKey: unsubscribeSecret(w.config),
      clock: w.clock,
      // Keys from the environment, or made once in DATA_DIR; loopback push services outside production.
      push: remindersPush(w.config, 'embedded'),
      limiter,
    });
    const part = ownerPart(w, 'reminders', reminders);
    return {
      app: reminders.app,
      part: {
        ...part,
        ready() {
          part.ready?.();
          reminders.ready();
        },
        async stop() {
          await part.stop?.();
          await reminders.close();
          await limiter.close();
        },
      },
      offers: {},
    };
  },
};

/**
 * Identity's, journals' and goals' answers for reminders: by a function call for each mounted
 * here, over its internal endpoint for one that runs elsewhere.
 */
function reminderSources(w: Wiring): ReminderSources {
  const { identity, journals, goals } = w.mounted;
  const identityUrl = w.urlOf('identity');
  const journalsUrl = w.urlOf('journals');
  const goalsUrl = w.urlOf('goals');
  const remote =
    (!identity && identityUrl) || (!journals && journalsUrl) || (!goals && goalsUrl)
      ? remoteReminderSources({
          identityUrl: identityUrl ?? 'http://identity.invalid',
          journalsUrl: journalsUrl ?? 'http://journals.invalid',
          goalsUrl: goalsUrl ?? 'http://goals.invalid',
          caller: serviceCaller(w.serviceKey, 'reminders'),
        })
      : null;
  const unreachable = (name: string) => async (): Promise<never> => {
    throw new Error(`${name} is neither mounted here nor given a URL`);
  };
  return {
    mailAddress: identity
      ? (userId) => identity.mailAddress(userId)
      : (remote?.mailAddress ?? unreachable('identity')),
    wroteOn: journals
      ? (userId, date) => journals.wroteOn(userId, date)
      : (remote?.wroteOn ?? unreachable('journals')),
    entrySummaries: journals
      ? (userId, ids) => journals.entrySummaries(userId, ids)
      : (remote?.entrySummaries ?? unreachable('journals')),
    writingWeek: journals
      ? (userId, window) => journals.writingWeek(userId, window)
      : (remote?.writingWeek ?? unreachable('journals')),
    openGoalsDue: goals
      ? (userId, window) => goals.openGoalsDue(userId, window)
      : (remote?.openGoalsDue ?? unreachable('goals')),
    goalsCompletedCount: goals
      ? (userId, window) => goals.goalsCompletedCount(userId, window)
      : (remote?.goalsCompletedCount ?? unreachable('goals')),
    close: async () => remote?.close(),
  };
}

/**
 * Which files entries refer to, for media's sweep: journals by a function call when mounted
 * here, over its internal endpoint when it runs elsewhere.
 */
function mediaReferences(w: Wiring): MediaReferences | undefined {
  const { journals } = w.mounted;
  if (journals)
    return {
      referenced: async (userId, ids) => new Set(await journals.referencedMedia(userId, ids)),
    };
  const url = w.urlOf('journals');
  return url ? remoteMediaReferences(url, serviceCaller(w.serviceKey, 'media')) : undefined;
}

function sweepSchedule(w: Wiring) {
  return { everyMs: w.config.ORPHAN_SWEEP_EVERY_MS, firstMs: w.config.ORPHAN_SWEEP_FIRST_MS };
}

/** What every service mounted here is given besides its own: tokens, sessions, keys, the log. */
function serviceParts(w: Wiring, name: ServiceName) {
  return {
    tokens: w.tokens(),
    checkSession: w.identity(name).checkSession,
    serviceKey: w.serviceKey,
    log: w.log,
  };
}

/**
 * The calendar and the archive ask journals and goals: by a function call for an owner mounted
 * here, over its internal HTTP endpoints for one that runs elsewhere.
 */
function ownersOf<S>(
  w: Wiring,
  local: S,
  http: (urls: { journalsUrl?: string; goalsUrl?: string }) => S,
): { journals: S; goals: S } {
  const { journals, goals } = w.mounted;
  const remote =
    journals && goals
      ? local
      : http({ journalsUrl: w.urlOf('journals'), goalsUrl: w.urlOf('goals') });
  return { journals: journals ? local : remote, goals: goals ? local : remote };
}

/**
 * A service holding rows per user migrates on start, then follows `account.deleted` itself and
 * sweeps the rows of accounts that are gone.
 */
function ownerPart(
  w: Wiring,
  name: ServiceName,
  owner: AccountDataOwner & { migrate(): Promise<void> },
): Part {
  let keeper: ReturnType<typeof keepAccountDataInStep> | null = null;
  return {
    start: owner.migrate,
    ready() {
      keeper = keepAccountDataInStep({
        name,
        owner,
        events: w.events,
        tokens: w.tokens(),
        users: w.identity(name).users,
        log: w.log,
        sweep: sweepSchedule(w),
      });
    },
    stop: () => keeper?.stop(),
  };
}
