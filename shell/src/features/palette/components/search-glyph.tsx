import type { SVGProps } from 'react';

/** A magnifier in the web kit's outline style (the kit has none yet). */
export function SearchGlyph(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <circle cx="11" cy="11" r="6.5" />
      <path d="m20 20-4.2-4.2" />
    </svg>
  );
}

/** "⌘K" on Apple keyboards, "Ctrl K" elsewhere. */
export function shortcutLabel(): string {
  const platform = globalThis.navigator?.platform ?? '';
  return /Mac|iPhone|iPad/.test(platform) ? '⌘K' : 'Ctrl K';
}
