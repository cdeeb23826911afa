import type { ComponentType, SVGProps } from 'react';
import {
  ArrowRightIcon,
  BoltIcon,
  BookIcon,
  CalendarIcon,
  ChartIcon,
  LockIcon,
  SparkleIcon,
  TargetIcon,
  useDocumentTitle,
  Link,
} from '@dayframe/web-kit';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const TILES: { icon: Icon; title: string; text: string }[] = [
  {
    icon: BoltIcon,
    title: 'Fast and lightweight',
    text: 'Opens in a blink on desktop and mobile, and every action works from the keyboard.',
  },
  {
    icon: LockIcon,
    title: 'Your data, yours',
    text: 'No ads, no trackers. Private by default, and your notes are never sold.',
  },
  {
    icon: ChartIcon,
    title: 'Clear overview',
    text: 'Entries and goals side by side, so you always know where your days went.',
  },
];

const FEATURES: { icon: Icon; title: string; text: string; action: string; to: string }[] = [
  {
    icon: BookIcon,
    title: 'Journals',
    text: 'Keep separate journals for work, travel or gratitude, each with its own dated entries.',
    action: 'Create a journal',
    to: '/journals/new',
  },
  {
    icon: TargetIcon,
    title: 'Goals',
    text: 'Give every goal a target and a due date, then mark it complete with one click.',
    action: 'View goals',
    to: '/goals',
  },
  {
    icon: CalendarIcon,
    title: 'Calendar',
    text: 'See entries, goals due and goals completed together, one month at a time.',
    action: 'Open calendar',
    to: '/calendar',
  },
];

const STEPS = [
  {
    title: 'Create a journal',
    text: 'Name it and add a short description. It takes under a minute, account included.',
  },
  {
    title: 'Add entries',
    text: 'Write what happened, what you learned, what you want to remember. One entry per day or many.',
  },
  {
    title: 'Set goals with due dates',
    text: 'Decide what matters next and when it should be done.',
  },
  {
    title: 'Review on the calendar',
    text: 'Look back over the month and see your writing and your progress in one place.',
  },
];

/** Spec §2: the landing page at `/`. */
export function LandingPage() {
  useDocumentTitle('Daily clarity for your journal and goals');
  return (
    <>
      <section className="relative isolate overflow-hidden">
        <div className="pointer-events-none absolute inset-0 -z-10 bg-gradient-to-b from-primary/10 via-base-100 to-base-100" />
        <div className="pointer-events-none absolute -top-24 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl" />
        <div className="mx-auto max-w-4xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24">
          <span className="badge badge-primary badge-soft gap-1.5 px-3 py-3 font-medium">
            <SparkleIcon className="size-4" /> Private journaling, no ads, no trackers
          </span>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            Daily clarity, one entry at a time.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-base-content/70 text-pretty">
            Dayframe brings your journal, your goals and your calendar into one calm place. Write
            down your day, set what you want to achieve, and see it all come together month by
            month.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/signup" className="btn btn-primary btn-lg">
              Get started <ArrowRightIcon className="size-5" />
            </Link>
            <Link to="/calendar" className="btn btn-outline btn-lg">
              Try the calendar
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Why Dayframe" className="mx-auto max-w-6xl px-4 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-3">
          {TILES.map(({ icon: TileIcon, title, text }) => (
            <li
              key={title}
              className="rounded-box border border-base-300/80 bg-base-100 p-6 shadow-sm"
            >
              <TileIcon className="size-6 text-primary" />
              <h2 className="mt-4 font-semibold">{title}</h2>
              <p className="mt-1.5 text-sm text-base-content/70">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Everything your days need, nothing they don't
          </h2>
          <p className="mt-4 text-base-content/70">
            Three simple tools that work together, linked by date.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: FeatureIcon, title, text, action, to }) => (
            <article
              key={title}
              className="card border border-base-300/80 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
            >
              <div className="card-body">
                <span className="grid size-12 place-items-center rounded-box bg-primary/10 text-primary">
                  <FeatureIcon className="size-6" />
                </span>
                <h3 className="card-title mt-3">{title}</h3>
                <p className="text-base-content/70">{text}</p>
                <div className="card-actions mt-4">
                  <Link to={to} className="btn btn-soft btn-primary btn-sm">
                    {action} <ArrowRightIcon className="size-4" />
                  </Link>
                </div>
              </div>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="how-heading" className="border-y border-base-300/70 bg-base-200/60">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2
            id="how-heading"
            className="text-center text-3xl font-bold tracking-tight sm:text-4xl"
          >
            How it works
          </h2>
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-box bg-base-100 p-6 shadow-sm">
                <span className="grid size-9 place-items-center rounded-full bg-primary font-bold text-primary-content">
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="mt-1.5 text-sm text-base-content/70">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <div className="rounded-box bg-primary px-6 py-14 text-center text-primary-content shadow-lg sm:px-12">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Start your first entry today
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-primary-content/85">
            Creating your account and your first journal takes less than a minute. Free of ads, free
            of trackers.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/signup"
              className="btn btn-lg border-0 bg-base-100 text-base-content hover:bg-base-200"
            >
              Create account
            </Link>
            <Link
              to="/login"
              className="btn btn-lg btn-ghost text-primary-content hover:bg-primary-content/10"
            >
              Log in
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
