import { useId } from 'react';
import { useMediaItems } from '@dayframe/web-kit';
import { itemKey, type CalendarItem } from '../utils/calendar-items.ts';
import { longDateLabel } from '../utils/month-grid.ts';
import { CalendarModal } from './calendar-modal.tsx';
import { ItemChip } from './item-chip.tsx';

/** Every item of one day, for days with more than their cell can show (and for phones). */
export function DayListModal({
  date,
  items,
  onOpenItem,
  onClose,
  returnFocus,
}: {
  date: string;
  items: CalendarItem[];
  onOpenItem: (item: CalendarItem, opener: HTMLElement) => void;
  onClose: () => void;
  returnFocus: HTMLElement | null;
}) {
  const titleId = useId();
  // The day's entries' first photos, in one call.
  const photos = useMediaItems(
    items.flatMap((item) => (item.kind === 'entry' && item.entry.photo ? item.entry.photo : [])),
  );
  return (
    <CalendarModal titleId={titleId} onClose={onClose} returnFocus={returnFocus}>
      <h2 id={titleId} className="text-lg font-semibold">
        {longDateLabel(date)}
      </h2>
      <p className="text-sm text-base-content/70">
        {items.length === 0
          ? 'Nothing on this day.'
          : `${items.length} ${items.length === 1 ? 'item' : 'items'}`}
      </p>
      <ul className="mt-4 max-h-[55vh] space-y-2 overflow-y-auto pr-1">
        {items.map((item) => (
          <li key={itemKey(item)}>
            <ItemChip
              item={item}
              onOpen={onOpenItem}
              size="large"
              photo={
                item.kind === 'entry' && item.entry.photo ? photos.get(item.entry.photo) : undefined
              }
            />
          </li>
        ))}
      </ul>
    </CalendarModal>
  );
}
