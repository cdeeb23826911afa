import { ArrowLeftIcon, useDocumentTitle, Link } from '@dayframe/web-kit';

const REASONS = [
  {
    title: 'Small habits, written down',
    text: 'A few lines a day add up. Dayframe keeps writing quick so the habit sticks.',
  },
  {
    title: 'Goals with a date attached',
    text: 'A goal with a due date gets done. Every goal carries the day you set it and the day it is due.',
  },
  {
    title: 'One view of your month',
    text: 'The calendar puts entries next to goals due and goals completed, so patterns show themselves.',
  },
];

const FEATURES = [
  'Journals that hold dated entries, as many as you like',
  'Quick entry: pick a journal, write, done',
  'Goals with a target, a set date and a due date, completed with one click',
  'A monthly calendar of entries, goals due and goals completed',
  'Five themes, including a dark one, saved in your browser',
  'Works on desktop and mobile, and fully usable from the keyboard',
];

const FLOW = [
  { title: 'Open Dayframe', text: 'Your dashboard shows what you can do next.' },
  { title: 'Write an entry', text: 'Pick a journal, give the day a title and a few lines.' },
  { title: 'Check your goals', text: 'See what is due and mark done what you finished.' },
  { title: 'Look at the calendar', text: 'Glance at the month to see how your days add up.' },
];

const FAQ = [
  {
    q: 'Is my journal private?',
    a: 'Yes. Your journals and goals are visible only to you. There are no ads and no trackers, your data is never sold, and passwords are stored hashed. See the Privacy Policy for details.',
  },
  {
    q: 'Can I export my notes?',
    a: 'Yes, at any time. In Settings → Your data, Export everything downloads a zip with all your journals, entries and goals in open formats (JSON, and Markdown files you can read anywhere). Import puts such an export back, on this or another Dayframe, and brings in a Day One JSON export.',
  },
  {
    q: 'Does it work on my phone?',
    a: 'Yes. Dayframe works in any modern browser on desktop and mobile, with nothing to install.',
  },
  {
    q: 'How do I get help?',
    a: 'Write to us from the Contact page and a person will answer.',
  },
];

/** Spec §2: `/about`. */
export function AboutPage() {
  useDocumentTitle('About');
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <Link to="/" className="btn btn-ghost btn-sm -ml-3 gap-1.5">
        <ArrowLeftIcon className="size-4" /> Home
      </Link>
      <header className="mt-6">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">About Dayframe</h1>
        <p className="mt-4 max-w-2xl text-lg text-base-content/70">
          Dayframe is a private journal with dated goals and a calendar that shows both. It is made
          for people who want a clear picture of their days without handing their life to an
          advertising company.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/signup" className="btn btn-primary">
            Get started
          </Link>
          <Link to="/calendar" className="btn btn-outline">
            Try the calendar
          </Link>
        </div>
      </header>

      <section aria-labelledby="why" className="mt-16">
        <h2 id="why" className="text-2xl font-bold">
          Why it works
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-3">
          {REASONS.map((r) => (
            <div key={r.title} className="rounded-box border border-base-300/80 p-5">
              <h3 className="font-semibold">{r.title}</h3>
              <p className="mt-1.5 text-sm text-base-content/70">{r.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="features" className="mt-16">
        <h2 id="features" className="text-2xl font-bold">
          Features
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <li key={f} className="flex gap-3 rounded-box bg-base-200/60 p-4 text-sm">
              <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-hidden="true" />
              {f}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="flow" className="mt-16">
        <h2 id="flow" className="text-2xl font-bold">
          Your daily flow in four steps
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2">
          {FLOW.map((s, i) => (
            <li key={s.title} className="flex gap-4 rounded-box border border-base-300/80 p-5">
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/10 font-bold text-primary">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-base-content/70">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="stack" className="mt-16">
        <h2 id="stack" className="text-2xl font-bold">
          How it is built
        </h2>
        <p className="mt-4 text-base-content/75">
          Dayframe is a React web app served by small Node.js services. The front end is split into
          independent parts (journals, goals, calendar, account) that load only when you open them,
          which keeps the first page fast. Styling uses Tailwind CSS and daisyUI. Your data lives in
          a MySQL database; verification e-mails go through a queue so sign-up stays quick.
        </p>
      </section>

      <section aria-labelledby="faq" className="mt-16">
        <h2 id="faq" className="text-2xl font-bold">
          Frequently asked questions
        </h2>
        <div className="mt-6 space-y-3">
          {FAQ.map((item) => (
            <details
              key={item.q}
              className="group rounded-box border border-base-300/80 bg-base-100 p-5 open:shadow-sm"
            >
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {item.q}
                  <span
                    className="text-xl text-base-content/50 transition-transform group-open:rotate-45"
                    aria-hidden="true"
                  >
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-base-content/75">{item.a}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="mt-16 rounded-box bg-base-200/70 p-8 text-center">
        <h2 className="text-2xl font-bold">Ready to frame your days?</h2>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/signup" className="btn btn-primary">
            Create account
          </Link>
          <Link to="/login" className="btn btn-ghost">
            Log in
          </Link>
        </div>
      </section>
    </div>
  );
}
