import { useDocumentTitle, Link } from '@dayframe/web-kit';

/** Spec §1, §2: the Privacy Policy. */
export function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight">Privacy Policy</h1>
      <p className="mt-4 text-lg text-base-content/70">
        Dayframe is private by default. This page says plainly what we keep and what we do with it.
      </p>

      <div className="mt-10 space-y-8 leading-relaxed">
        <section>
          <h2 className="text-xl font-semibold">What we store</h2>
          <p className="mt-2 text-base-content/80">
            Your name, your e-mail address and your password, plus the journals, entries and goals
            you create. We need your e-mail address to verify your account and to send you codes
            when you reset your password.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">Passwords</h2>
          <p className="mt-2 text-base-content/80">
            Passwords are hashed. We never store or see your password in readable form.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">Your entries and goals</h2>
          <p className="mt-2 text-base-content/80">
            Entries and goals are not encrypted at rest. They are visible only to your account in
            the app, and are stored on our servers so you can reach them from any device.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">No selling, no ads, no trackers</h2>
          <p className="mt-2 text-base-content/80">
            Your data is not sold. Dayframe shows no ads and loads no third-party trackers.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">Taking your data with you</h2>
          <p className="mt-2 text-base-content/80">
            Your data is yours. In Settings, under Your data, you can export everything you wrote at
            any time: a zip with a JSON file of all your journals, entries and goals and one
            Markdown file per entry. You can import such an export, or a Day One export, back into
            your account; an import only ever adds to your own account.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">Deleting your data</h2>
          <p className="mt-2 text-base-content/80">
            Deletion is on request by e-mail: write to us from the{' '}
            <Link to="/contact" className="link link-primary">
              Contact
            </Link>{' '}
            page and we will delete your account and everything in it.
          </p>
        </section>
      </div>
    </article>
  );
}
