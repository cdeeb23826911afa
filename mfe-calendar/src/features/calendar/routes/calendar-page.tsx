import { useCallback, useMemo, useState } from 'react';
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  localToday,
  Spinner,
  toast,
  useDocumentTitle,
  PageHeader,
  useLoad,
} from '@dayframe/web-kit';
import { fetchCalendar } from '../api/calendar-calls.ts';
import { itemsOn, type CalendarItem } from '../utils/calendar-items.ts';
import { CALENDAR_TEXT } from '../messages.ts';
import { DayListModal } from '../components/day-list-modal.tsx';
import { ItemModal } from '../components/item-modal.tsx';
import { ITEM_KINDS } from '../components/item-kinds.ts';
import { MonthGridView } from '../components/month-grid-view.tsx';
import {
  monthGrid,
  monthLabel,
  monthOf,
  MONTH_NAMES,
  sameMonth,
  shiftMonth,
  toIsoDate,
  type YearMonth,
} from '../utils/month-grid.ts';

function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-base-content/70">
      {(['entry', 'due', 'completed'] as const).map((kind) => (
        <li key={kind} className="inline-flex items-center gap-1.5">
          <span className={`size-2.5 rounded-full ${ITEM_KINDS[kind].dot}`} aria-hidden="true" />
          {ITEM_KINDS[kind].label}
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 `/calendar`: a month of entries, goals due and goals completed. */
export function CalendarPage() {
  useDocumentTitle('Calendar');
  const today = localToday();
  const [visible, setVisible] = useState<YearMonth>(() => monthOf(today));
  const [activeDate, setActiveDate] = useState(today);
  const [focusRequest, setFocusRequest] = useState(0);
  const [dayList, setDayList] = useState<{ date: string; opener: HTMLElement | null } | null>(null);
  const [openItem, setOpenItem] = useState<{
    item: CalendarItem;
    opener: HTMLElement | null;
  } | null>(null);

  const weeks = useMemo(() => monthGrid(visible), [visible]);
  const from = weeks[0]![0]!.date;
  const to = weeks[weeks.length - 1]![6]!.date;

  const {
    state: load,
    pending,
    retry,
  } = useLoad((signal) => fetchCalendar(from, to, signal), [from, to], {
    onError: (error) => {
      console.error(error);
      toast.error(CALENDAR_TEXT.loadFailed);
    },
  });
  const data = load.status === 'ready' ? load.data : null;

  function showMonth(target: YearMonth) {
    setVisible(target);
    setActiveDate(
      sameMonth(target, monthOf(today)) ? today : toIsoDate(target.year, target.month, 1),
    );
  }

  const moveTo = useCallback(
    (date: string) => {
      if (!weeks.some((week) => week.some((day) => day.date === date))) setVisible(monthOf(date));
      setActiveDate(date);
      setFocusRequest((n) => n + 1);
    },
    [weeks],
  );

  const openItemFrom = useCallback((item: CalendarItem, opener: HTMLElement) => {
    setOpenItem({ item, opener });
  }, []);
  const openDayFrom = useCallback((date: string, opener: HTMLElement) => {
    setDayList({ date, opener });
  }, []);

  const monthName = `${MONTH_NAMES[visible.month - 1]} ${visible.year}`;

  return (
    <div>
      <PageHeader
        title="Calendar"
        subtitle="Your entries and goals, day by day."
        actions={<Legend />}
      />

      <section
        aria-labelledby="calendar-month"
        className="mt-6 rounded-box border border-base-300/70 bg-base-100 shadow-sm"
      >
        <div className="flex items-center justify-between gap-3 border-b border-base-300/70 px-3 py-3 sm:px-5">
          <div className="flex min-w-0 items-baseline gap-3">
            <h2
              id="calendar-month"
              aria-live="polite"
              className="whitespace-nowrap text-2xl font-bold tabular-nums tracking-tight"
            >
              {monthLabel(visible)}
            </h2>
            <span className="whitespace-nowrap text-base-content/60" aria-hidden="true">
              <span className="sm:hidden">{MONTH_NAMES[visible.month - 1]!.slice(0, 3)}</span>
              <span className="hidden sm:inline">{MONTH_NAMES[visible.month - 1]}</span>
            </span>
            {pending ? <Spinner size="sm" label="Loading items" /> : null}
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <button
              type="button"
              className="btn btn-ghost btn-square btn-sm"
              aria-label="Previous month"
              title="Previous month"
              onClick={() => showMonth(shiftMonth(visible, -1))}
            >
              <ArrowLeftIcon className="size-5" />
            </button>
            <button type="button" className="btn btn-sm" onClick={() => showMonth(monthOf(today))}>
              Today
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-square btn-sm"
              aria-label="Next month"
              title="Next month"
              onClick={() => showMonth(shiftMonth(visible, 1))}
            >
              <ArrowRightIcon className="size-5" />
            </button>
          </div>
        </div>

        {data?.missing?.length ? (
          <div
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300/70 bg-warning/10 px-3 py-2 text-sm sm:px-5"
          >
            <span className="text-base-content/80">{CALENDAR_TEXT.partial(data.missing)}</span>
            <button type="button" className="btn btn-ghost btn-xs" onClick={retry}>
              Try again
            </button>
          </div>
        ) : null}

        {data?.truncated ? (
          <p
            role="status"
            className="border-b border-base-300/70 px-3 py-1.5 text-xs text-base-content/70 sm:px-5"
          >
            {CALENDAR_TEXT.truncated}
          </p>
        ) : null}

        {load.status === 'error' ? (
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300/70 bg-error/5 px-3 py-2 text-sm sm:px-5">
            <span className="text-base-content/80">{CALENDAR_TEXT.notShown}</span>
            <button type="button" className="btn btn-ghost btn-xs" onClick={retry}>
              Try again
            </button>
          </div>
        ) : null}

        <MonthGridView
          weeks={weeks}
          data={data}
          today={today}
          activeDate={activeDate}
          focusRequest={focusRequest}
          label={monthName}
          busy={pending}
          onMove={moveTo}
          onActivate={setActiveDate}
          onOpenItem={openItemFrom}
          onOpenDay={openDayFrom}
        />
      </section>

      {dayList ? (
        <DayListModal
          date={dayList.date}
          items={itemsOn(data, dayList.date)}
          onOpenItem={openItemFrom}
          onClose={() => setDayList(null)}
          returnFocus={dayList.opener}
        />
      ) : null}
      {openItem ? (
        <ItemModal
          item={openItem.item}
          onClose={() => setOpenItem(null)}
          returnFocus={openItem.opener}
        />
      ) : null}
    </div>
  );
}
