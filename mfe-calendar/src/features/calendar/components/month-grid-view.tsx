import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { CalendarResponse } from '@dayframe/contracts';
import { dayMood, itemKey, itemsOn, type CalendarItem } from '../utils/calendar-items.ts';
import {
  addDays,
  longDateLabel,
  shiftDateByMonths,
  weekdayIndex,
  WEEKDAYS,
  type GridDay,
} from '../utils/month-grid.ts';
import { ItemChip } from './item-chip.tsx';
import { ITEM_KINDS } from './item-kinds.ts';
import { MoodMark } from './mood-mark.tsx';

/**
 * On tablets and desktops a cell lists up to this many items and then a "+N more" button; the
 * week's row grows to fit, so a day with an entry, a goal due and a goal completed (the usual
 * busy day) shows all of them without a click. Phones show dots and open the day's list.
 */
export const MAX_IN_CELL = 4;

export type MonthGridViewProps = {
  weeks: GridDay[][];
  data: CalendarResponse | null;
  today: string;
  /** The one day cell in the Tab order (roving focus). */
  activeDate: string;
  /** Changes whenever the keyboard moved the active day, so the grid moves focus to it. */
  focusRequest: number;
  label: string;
  busy: boolean;
  onMove: (date: string) => void;
  onActivate: (date: string) => void;
  onOpenItem: (item: CalendarItem, opener: HTMLElement) => void;
  onOpenDay: (date: string, opener: HTMLElement) => void;
};

/**
 * The month as an ARIA grid: Monday first, seven columns. Arrow keys move a day or a week,
 * Home and End go to the week's ends, Page Up and Page Down change month, Enter opens the day.
 */
export function MonthGridView({
  weeks,
  data,
  today,
  activeDate,
  focusRequest,
  label,
  busy,
  onMove,
  onActivate,
  onOpenItem,
  onOpenDay,
}: MonthGridViewProps) {
  const gridRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusRequest === 0) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${activeDate}"]`)?.focus();
  }, [focusRequest, activeDate, weeks]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, day: GridDay) {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day.date, -1),
      ArrowRight: () => addDays(day.date, 1),
      ArrowUp: () => addDays(day.date, -7),
      ArrowDown: () => addDays(day.date, 7),
      Home: () => addDays(day.date, -weekdayIndex(day.date)),
      End: () => addDays(day.date, 6 - weekdayIndex(day.date)),
      PageUp: () => shiftDateByMonths(day.date, -1),
      PageDown: () => shiftDateByMonths(day.date, 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      onMove(move());
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpenDay(day.date, event.currentTarget);
    }
  }

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label={label}
      aria-busy={busy}
      className="overflow-hidden rounded-b-box"
    >
      <div role="row" className="grid grid-cols-7 border-b border-base-300/70 bg-base-200/40">
        {WEEKDAYS.map((name) => (
          <div
            key={name}
            role="columnheader"
            className="px-1 py-2 text-center text-xs font-semibold uppercase tracking-wide text-base-content/70 lg:px-3 lg:text-left lg:text-sm lg:normal-case lg:tracking-normal"
          >
            <span className="sr-only lg:not-sr-only">{name}</span>
            <span aria-hidden="true" className="lg:hidden">
              {name.slice(0, 3)}
            </span>
          </div>
        ))}
      </div>
      <div className="grid gap-px bg-base-300/60">
        {weeks.map((week) => (
          <div key={week[0]!.date} role="row" className="grid grid-cols-7 gap-px">
            {week.map((day) => (
              <DayCell
                key={day.date}
                day={day}
                items={itemsOn(data, day.date)}
                mood={dayMood(data, day.date)}
                isToday={day.date === today}
                isActive={day.date === activeDate}
                onKeyDown={(event) => onKeyDown(event, day)}
                onFocus={() => onActivate(day.date)}
                onOpenItem={onOpenItem}
                onOpenDay={onOpenDay}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

function DayCell({
  day,
  items,
  mood,
  isToday,
  isActive,
  onKeyDown,
  onFocus,
  onOpenItem,
  onOpenDay,
}: {
  day: GridDay;
  items: CalendarItem[];
  /** The average mood of the day's entries, null when none has a mood. */
  mood: number | null;
  isToday: boolean;
  isActive: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocus: () => void;
  onOpenItem: (item: CalendarItem, opener: HTMLElement) => void;
  onOpenDay: (date: string, opener: HTMLElement) => void;
}) {
  const shown = items.slice(0, MAX_IN_CELL);
  const hidden = items.length - shown.length;
  const count = items.length;
  const cellLabel = `${longDateLabel(day.date)}${isToday ? ', today' : ''}${
    count ? `, ${count} ${count === 1 ? 'item' : 'items'}` : ''
  }`;
  // Only the active day's buttons are in the Tab order; arrows reach the other days.
  const innerTab = isActive ? 0 : -1;

  return (
    <div
      role="gridcell"
      tabIndex={isActive ? 0 : -1}
      data-date={day.date}
      data-in-month={day.inMonth}
      aria-current={isToday ? 'date' : undefined}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onClick={(event) => {
        if (count > 0) onOpenDay(day.date, event.currentTarget);
      }}
      className={`group relative flex min-h-16 min-w-0 flex-col gap-1 p-1 outline-none transition-colors focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary sm:min-h-28 sm:p-1.5 ${
        day.inMonth ? 'bg-base-100' : 'bg-base-200/70 text-base-content/65'
      } ${count > 0 ? 'cursor-pointer sm:cursor-default' : ''}`}
    >
      {/* The cell is named by its content, not an aria-label, so what a sighted user sees (the
          day number, the items' titles) is part of what assistive technology announces. */}
      <span className="sr-only">{cellLabel}</span>
      <span
        aria-hidden="true"
        className={`grid size-7 shrink-0 place-items-center self-center rounded-full text-sm tabular-nums sm:self-start ${
          isToday ? 'font-bold text-primary ring-2 ring-primary' : day.inMonth ? 'font-medium' : ''
        }`}
      >
        {day.day}
      </span>
      {mood === null ? null : (
        <span className="self-center leading-none sm:absolute sm:top-1.5 sm:right-1.5">
          <MoodMark average={mood} />
        </span>
      )}

      {count > 0 ? (
        <>
          <ul className={`hidden min-w-0 space-y-1 sm:block ${day.inMonth ? '' : 'opacity-60'}`}>
            {shown.map((item) => (
              <li key={itemKey(item)} className="min-w-0">
                <ItemChip item={item} onOpen={onOpenItem} tabIndex={innerTab} />
              </li>
            ))}
            {hidden > 0 ? (
              <li>
                <button
                  type="button"
                  tabIndex={innerTab}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpenDay(day.date, event.currentTarget);
                  }}
                  className="w-full rounded-[0.3rem] px-1.5 py-0.5 text-left text-xs font-semibold text-base-content/70 hover:bg-base-200 hover:text-base-content"
                >
                  +{hidden} more <span className="sr-only">on {longDateLabel(day.date)}</span>
                </button>
              </li>
            ) : null}
          </ul>
          <span
            aria-hidden="true"
            className={`flex flex-wrap justify-center gap-1 sm:hidden ${day.inMonth ? '' : 'opacity-60'}`}
          >
            {items.slice(0, 4).map((item) => (
              <span
                key={itemKey(item)}
                data-kind={item.kind}
                className={`size-1.5 rounded-full ${ITEM_KINDS[item.kind].dot}`}
              />
            ))}
            {items.length > 4 ? (
              <span className="text-[0.6rem] font-semibold leading-none">+</span>
            ) : null}
          </span>
        </>
      ) : null}
    </div>
  );
}
