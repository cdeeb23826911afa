import { useDocumentTitle } from '@dayframe/web-kit';

/** Stands in for a screen until its feature lands. */
export function Placeholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 rounded-box border border-dashed border-base-300 bg-base-100 p-10 text-center text-base-content/60">
        This screen is on its way.
      </div>
    </section>
  );
}
