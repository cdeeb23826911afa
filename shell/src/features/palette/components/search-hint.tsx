import { ENTRY_SEARCH_OPERATORS } from '@dayframe/contracts';

/** The palette's one line on search operators: an example of each, as the search screen lists them. */
export function SearchHint() {
  return (
    <p className="border-t border-base-300/70 px-4 py-2 text-xs leading-relaxed text-base-content/65">
      <span className="font-medium text-base-content/80">Search with </span>
      {ENTRY_SEARCH_OPERATORS.map(({ example }, index) => (
        <span key={example}>
          {index > 0 ? ' · ' : null}
          <code className="font-mono whitespace-nowrap text-base-content/80">{example}</code>
        </span>
      ))}
    </p>
  );
}
