import { ENTRY_SEARCH_OPERATORS } from '@dayframe/contracts';
import { ChevronDownIcon, InfoCircleIcon } from '@dayframe/web-kit';
import { SEARCH_TEXT } from '../messages.ts';

/** "Search tips": every operator the entries search understands, with an example of each. */
export function SearchTips() {
  return (
    <details className="group mb-8 rounded-box border border-base-300/70 bg-base-100 shadow-sm">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-box px-4 py-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <InfoCircleIcon className="size-4.5 text-primary" />
        {SEARCH_TEXT.tipsTitle}
        <ChevronDownIcon className="ml-auto size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-base-300/70 px-4 pt-3 pb-4">
        <p className="mb-3 text-sm text-base-content/70">{SEARCH_TEXT.tipsText}</p>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {ENTRY_SEARCH_OPERATORS.map(({ example, meaning }) => (
            <div key={example} className="contents">
              <dt>
                <code className="rounded bg-base-200 px-1.5 py-0.5 font-mono text-[0.8125rem]">
                  {example}
                </code>
              </dt>
              <dd className="mb-1 text-base-content/75 sm:mb-0">{meaning}</dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
