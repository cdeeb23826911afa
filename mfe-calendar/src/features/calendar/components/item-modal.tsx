import { useId } from 'react';
import { usePlainText } from '@dayframe/markdown/use-plain-text';
import { ArrowRightIcon, CalendarIcon, formatDate } from '@dayframe/web-kit';
import { itemDetailsPath, itemTitle, type CalendarItem } from '../utils/calendar-items.ts';
import { CALENDAR_TEXT } from '../messages.ts';
import { CalendarModal } from './calendar-modal.tsx';
import { ITEM_KINDS } from './item-kinds.ts';

/** Spec §2: an item of the calendar, opened from its day. */
export function ItemModal({
  item,
  onClose,
  returnFocus,
}: {
  item: CalendarItem;
  onClose: () => void;
  returnFocus: HTMLElement | null;
}) {
  const titleId = useId();
  const kind = ITEM_KINDS[item.kind];
  const KindIcon = kind.icon;
  return (
    <CalendarModal
      titleId={titleId}
      onClose={onClose}
      returnFocus={returnFocus}
      action={
        <a
          className="btn btn-primary"
          href={itemDetailsPath(item)}
          target="_blank"
          rel="noopener noreferrer"
        >
          View details
          <ArrowRightIcon className="size-4" />
        </a>
      }
    >
      <div className="flex items-start gap-4">
        <span
          className={`grid size-11 shrink-0 place-items-center rounded-box ${kind.badge}`}
          data-kind={item.kind}
        >
          <KindIcon className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-base-content/70">
            {item.kind === 'entry' ? (
              <>
                Entry
                {item.entry.journalTitle ? (
                  <span className="normal-case tracking-normal"> · {item.entry.journalTitle}</span>
                ) : null}
              </>
            ) : (
              'Goal'
            )}
          </p>
          <h2 id={titleId} className="mt-0.5 break-words text-xl font-semibold leading-snug">
            {itemTitle(item)}
          </h2>
        </div>
      </div>

      {item.kind === 'entry' ? (
        <div className="mt-5 space-y-3">
          <p className="flex items-center gap-2 text-sm text-base-content/70">
            <CalendarIcon className="size-4" />
            {formatDate(item.entry.date)}
          </p>
          <EntryText content={item.entry.content} />
        </div>
      ) : (
        <div className="mt-5 space-y-4">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 whitespace-pre-wrap break-words leading-relaxed text-base-content/80">
              {item.goal.description.trim() || 'No description provided.'}
            </p>
            {item.goal.completed ? (
              <span className="badge badge-success shrink-0">Completed</span>
            ) : (
              <span className="badge badge-warning shrink-0">Active</span>
            )}
          </div>
          <dl className="grid grid-cols-3 gap-2 rounded-box bg-base-200/70 p-3 text-sm">
            {(
              [
                ['Set', item.goal.dateSet],
                ['Due', item.goal.dateDue],
                ['Completed', item.goal.dateComplete],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs font-medium text-base-content/70">{label}</dt>
                <dd className="mt-0.5 font-medium">{formatDate(value)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </CalendarModal>
  );
}

/** An entry's beginning as plain words: its Markdown marks (`#`, `**`, `[ ]`) left out. */
function EntryText({ content }: { content: string }) {
  const text = usePlainText(content).trim();
  return (
    <div className="max-h-72 overflow-y-auto whitespace-pre-wrap break-words rounded-box bg-base-200/70 p-4 leading-relaxed">
      {text || <span className="text-base-content/70">{CALENDAR_TEXT.noContent}</span>}
    </div>
  );
}
