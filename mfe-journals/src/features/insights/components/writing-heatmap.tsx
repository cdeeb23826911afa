import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PageSpinner, useLoad } from '@dayframe/web-kit';
import { writing } from '../api/insights-calls.ts';
import { dayLabel, heatmapWeeks, shortMonth, writingWindow } from '../heatmap-days.ts';
import { INSIGHTS_TEXT } from '../messages.ts';
import { WidgetFailure } from './widget-failure.tsx';

const LEVELS = [
  'bg-base-content/10',
  'bg-primary/30',
  'bg-primary/55',
  'bg-primary/80',
  'bg-primary',
];
const level = (count: number) => (count <= 0 ? 0 : Math.min(count, 4));
const WEEKDAYS = ['Mon', '', 'Wed', '', 'Fri', '', ''];

/**
 * A year of writing, a square a day (weeks as columns, Monday on top), with the current and
 * longest streak. One day is in the tab order at a time (roving tabindex); arrows move a day
 * (up, down) or a week (left, right), Home and End go to the first and last day. Each day is
 * labelled "3 entries on Nov 2, 2026".
 */
export function WritingHeatmap({ today }: { today: string }) {
  const span = writingWindow(today);
  const { state, retry } = useLoad(
    (signal) => writing(span.from, span.to, signal),
    [span.from, span.to],
  );
  return (
    <section
      aria-labelledby="writing-year"
      className="card border border-base-300/70 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id="writing-year" className="card-title">
          {INSIGHTS_TEXT.writing}
        </h2>
        {state.status === 'loading' ? <PageSpinner label={INSIGHTS_TEXT.loading} /> : null}
        {state.status === 'error' ? (
          <WidgetFailure message={INSIGHTS_TEXT.writingFailed} onRetry={retry} />
        ) : null}
        {state.status === 'ready' ? (
          <>
            <dl className="grid grid-cols-2 gap-3">
              {[
                [INSIGHTS_TEXT.currentStreak, state.data.currentStreak],
                [INSIGHTS_TEXT.longestStreak, state.data.longestStreak],
              ].map(([label, value]) => (
                <div key={label} className="rounded-box bg-base-200/60 px-4 py-3">
                  <dt className="text-xs font-medium tracking-wide text-base-content/60 uppercase">
                    {label}
                  </dt>
                  <dd className="mt-1 text-2xl font-bold tabular-nums">
                    {INSIGHTS_TEXT.days(Number(value))}
                  </dd>
                </div>
              ))}
            </dl>
            <HeatmapGrid today={today} days={state.data.days} />
          </>
        ) : null}
      </div>
    </section>
  );
}

function HeatmapGrid({ today, days }: { today: string; days: Record<string, number> }) {
  const weeks = heatmapWeeks(today);
  const [focused, setFocused] = useState(today);
  const cells = useRef(new Map<string, HTMLElement>());
  const order = weeks.flat().filter((d): d is string => d !== null);
  const scroller = useRef<HTMLDivElement>(null);
  // On a narrow screen the newest weeks are the ones in view.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollLeft = scroller.current.scrollWidth;
  }, []);

  function move(event: KeyboardEvent, from: string) {
    const at = order.indexOf(from);
    const step: Record<string, number> = {
      ArrowUp: -1,
      ArrowDown: 1,
      ArrowLeft: -7,
      ArrowRight: 7,
    };
    let next: number | undefined;
    if (event.key in step) next = at + step[event.key]!;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = order.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const date = order[Math.max(0, Math.min(order.length - 1, next))]!;
    setFocused(date);
    cells.current.get(date)?.focus();
  }

  return (
    <div>
      <div ref={scroller} className="overflow-x-auto pb-1">
        <div className="inline-flex gap-2">
          <div
            aria-hidden="true"
            className="grid grid-rows-[auto_repeat(7,0.75rem)] gap-[3px] pt-0 text-[10px] leading-3 text-base-content/70"
          >
            <span className="h-3" />
            {WEEKDAYS.map((d, i) => (
              <span key={i}>{d}</span>
            ))}
          </div>
          <div role="grid" aria-label={INSIGHTS_TEXT.heatmap} className="flex gap-[3px]">
            {weeks.map((week, w) => {
              const first = week[0]!;
              const showMonth = Number(first.slice(8, 10)) <= 7;
              return (
                <div
                  key={first}
                  role="row"
                  className="grid grid-cols-[0.75rem] grid-rows-[auto_repeat(7,0.75rem)] gap-[3px]"
                >
                  <span
                    aria-hidden="true"
                    className="h-3 text-[10px] leading-3 whitespace-nowrap text-base-content/70"
                  >
                    {showMonth && w < weeks.length - 2 ? shortMonth(first) : ''}
                  </span>
                  {week.map((date, d) => {
                    if (date === null) return <span key={d} className="size-3" />;
                    const count = days[date] ?? 0;
                    return (
                      <span
                        key={date}
                        role="gridcell"
                        ref={(el) => {
                          if (el) cells.current.set(date, el);
                          else cells.current.delete(date);
                        }}
                        tabIndex={date === focused ? 0 : -1}
                        aria-label={dayLabel(date, count)}
                        title={dayLabel(date, count)}
                        data-date={date}
                        data-count={count}
                        onKeyDown={(e) => move(e, date)}
                        onFocus={() => setFocused(date)}
                        className={`size-3 rounded-[3px] ${LEVELS[level(count)]} outline-offset-1 focus-visible:outline-2 focus-visible:outline-base-content ${date === today ? 'ring-1 ring-base-content/40' : ''}`}
                      />
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <p
        aria-hidden="true"
        className="mt-2 flex items-center justify-end gap-1 text-[11px] text-base-content/70"
      >
        {INSIGHTS_TEXT.less}
        {LEVELS.map((color) => (
          <span key={color} className={`size-3 rounded-[3px] ${color}`} />
        ))}
        {INSIGHTS_TEXT.more}
      </p>
    </div>
  );
}
