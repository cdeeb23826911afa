import type { MouseEvent } from 'react';
import type { MediaItem } from '@dayframe/contracts';
import { isImage, MediaThumbnail } from '@dayframe/web-kit';
import { itemTitle, type CalendarItem } from '../utils/calendar-items.ts';
import { ITEM_KINDS } from './item-kinds.ts';

/** One item as a coloured, clickable line: in a day cell (compact) or in a day's list. */
export function ItemChip({
  item,
  onOpen,
  size = 'compact',
  tabIndex,
  photo,
}: {
  item: CalendarItem;
  onOpen: (item: CalendarItem, opener: HTMLElement) => void;
  size?: 'compact' | 'large';
  tabIndex?: number;
  /** An entry's first photo, shown small in a day's list (not an image: none). */
  photo?: MediaItem;
}) {
  const kind = ITEM_KINDS[item.kind];
  const title = itemTitle(item);
  function open(event: MouseEvent<HTMLButtonElement>) {
    event.stopPropagation();
    onOpen(item, event.currentTarget);
  }
  if (size === 'large') {
    const KindIcon = kind.icon;
    return (
      <button
        type="button"
        data-kind={item.kind}
        onClick={open}
        className={`flex w-full items-center gap-3 rounded-field border-l-4 px-3 py-2.5 text-left transition-colors ${kind.chip}`}
      >
        <KindIcon className="size-5 shrink-0 opacity-70" />
        <span className="min-w-0 flex-1">
          <span className={`block truncate font-medium ${kind.text}`}>{title}</span>
          <span className="block text-xs text-base-content/75">{kind.label}</span>
        </span>
        {isImage(photo) ? (
          // The button's words say which entry it is: the picture adds none of its own.
          <MediaThumbnail
            item={photo}
            alt=""
            className="size-11 shrink-0 rounded-field border border-base-300/70 object-cover"
          />
        ) : null}
      </button>
    );
  }
  return (
    <button
      type="button"
      data-kind={item.kind}
      title={`${kind.label}: ${title}`}
      aria-label={`${kind.label}: ${title}`}
      tabIndex={tabIndex}
      onClick={open}
      className={`block w-full truncate rounded-[0.3rem] border-l-[3px] px-1.5 py-0.5 text-left text-xs font-medium leading-5 transition-colors ${kind.chip} ${kind.text}`}
    >
      {title}
    </button>
  );
}
