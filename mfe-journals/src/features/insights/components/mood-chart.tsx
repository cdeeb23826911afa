import { useId, useState } from 'react';
import { averageMoodLabel, type MoodDay } from '@dayframe/contracts';
import { formatDate, PageSpinner, useLoad } from '@dayframe/web-kit';
import { moods } from '../api/insights-calls.ts';
import {
  MOOD_RANGES,
  moodSegments,
  moodWindow,
  overallMood,
  tickDate,
  type MoodRange,
} from '../mood-days.ts';
import { INSIGHTS_TEXT } from '../messages.ts';
import { WidgetFailure } from './widget-failure.tsx';

/** What one answer covers, kept with it so a switch shows the old window until the new arrives. */
type MoodWindow = { range: MoodRange; from: string; to: string; days: MoodDay[] };

/**
 * The dashboard's mood card: the daily average mood of the last 30, 90 or 365 days as a line
 * with gaps where nothing was written, summed up in words for assistive technology, and the same
 * days as a table behind "Show as table".
 */
export function MoodChart({ today }: { today: string }) {
  const [range, setRange] = useState<MoodRange>(30);
  const headingId = useId();
  const { state, pending, retry } = useLoad(
    async (signal): Promise<MoodWindow> => {
      const { from, to } = moodWindow(today, range);
      return { range, from, to, days: await moods(from, to, signal) };
    },
    [today, range],
    { keepPrevious: true },
  );
  return (
    <section
      aria-labelledby={headingId}
      className="card border border-base-300/70 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="card-title">
            {INSIGHTS_TEXT.mood}
          </h2>
          <div role="group" aria-label={INSIGHTS_TEXT.moodRange} className="join">
            {MOOD_RANGES.map((days) => (
              <button
                key={days}
                type="button"
                aria-pressed={range === days}
                onClick={() => setRange(days)}
                className={`btn join-item btn-sm ${range === days ? 'btn-primary' : 'btn-outline border-base-300'}`}
              >
                {INSIGHTS_TEXT.moodRangeOption(days)}
              </button>
            ))}
          </div>
        </div>
        {state.status === 'loading' ? <PageSpinner label={INSIGHTS_TEXT.loading} /> : null}
        {state.status === 'error' ? (
          <WidgetFailure message={INSIGHTS_TEXT.moodFailed} onRetry={retry} />
        ) : null}
        {state.status === 'ready' ? (
          <div aria-busy={pending} className={pending ? 'opacity-60 transition-opacity' : ''}>
            {state.data.days.length === 0 ? (
              <p className="rounded-box bg-base-200/60 px-4 py-5 text-sm text-base-content/70">
                {INSIGHTS_TEXT.moodEmpty(state.data.range)}
              </p>
            ) : (
              <MoodWindowView window={state.data} />
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function MoodWindowView({ window }: { window: MoodWindow }) {
  const average = overallMood(window.days)!;
  const summary = INSIGHTS_TEXT.moodSummary(average, window.days.length);
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-xl font-bold whitespace-nowrap tabular-nums sm:text-2xl">
          {averageMoodLabel(average)}
        </span>
        <span className="text-sm text-base-content/70">
          {INSIGHTS_TEXT.moodAverageOver(window.days.length)}
        </span>
      </p>
      <MoodLine window={window} summary={summary} />
      <MoodTable window={window} />
    </div>
  );
}

const LEVELS = [5, 4, 3, 2, 1] as const;
const LEVEL_NAMES = ['Great', 'Good', 'Okay', 'Bad', 'Awful'];
// The drawing's own units; it is stretched to the card's width, its lines keep their thickness.
const WIDTH = 1000;
const HEIGHT = 100;

function MoodLine({ window, summary }: { window: MoodWindow; summary: string }) {
  const descriptionId = useId();
  const segments = moodSegments(window.days, window.from, window.to);
  const x = (index: number) => (index / (window.range - 1)) * WIDTH;
  const y = (average: number) => ((5 - average) / 4) * HEIGHT;
  const middle = moodWindow(window.to, Math.ceil(window.range / 2)).from;
  return (
    <div>
      <p id={descriptionId} className="sr-only">
        {INSIGHTS_TEXT.moodChartDescription(formatDate(window.from), formatDate(window.to))}
      </p>
      <div className="grid grid-cols-[auto_1fr] gap-x-3">
        <div aria-hidden="true" className="relative h-40 w-12 text-[11px] text-base-content/70">
          {LEVELS.map((level, i) => (
            <span
              key={level}
              className="absolute right-0 -translate-y-1/2 leading-none"
              style={{ top: `${(i / 4) * 100}%` }}
            >
              {LEVEL_NAMES[i]}
            </span>
          ))}
        </div>
        <svg
          role="img"
          aria-label={summary}
          aria-describedby={descriptionId}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible"
        >
          {LEVELS.map((level) => (
            <line
              key={level}
              x1={0}
              x2={WIDTH}
              y1={y(level)}
              y2={y(level)}
              vectorEffect="non-scaling-stroke"
              className="stroke-base-content/10"
              strokeDasharray={level === 3 ? undefined : '3 4'}
            />
          ))}
          {segments.map((segment) => (
            <path
              key={segment[0]!.date}
              data-segment={segment.length === 1 ? 'point' : 'line'}
              data-days={segment.map((point) => point.date).join(' ')}
              // A lone day is a zero-length line: its round cap draws a dot that stays round
              // however the drawing is stretched.
              d={
                segment
                  .map(
                    (p, i) =>
                      `${i === 0 ? 'M' : 'L'}${x(p.index).toFixed(1)} ${y(p.average).toFixed(1)}`,
                  )
                  .join(' ') + (segment.length === 1 ? ' h0' : '')
              }
              fill="none"
              vectorEffect="non-scaling-stroke"
              strokeWidth={segment.length === 1 ? 8 : 2.5}
              strokeLinecap="round"
              strokeLinejoin="round"
              className="stroke-primary"
            />
          ))}
          {window.range <= 30
            ? // A month is few enough days to mark each one on the line.
              segments.map((segment) =>
                segment.length > 1 ? (
                  <path
                    key={`dots-${segment[0]!.date}`}
                    d={segment
                      .map((p) => `M${x(p.index).toFixed(1)} ${y(p.average).toFixed(1)} h0`)
                      .join(' ')}
                    vectorEffect="non-scaling-stroke"
                    strokeWidth={6}
                    strokeLinecap="round"
                    className="stroke-primary"
                  />
                ) : null,
              )
            : null}
        </svg>
        <div
          aria-hidden="true"
          className="col-start-2 mt-3 flex justify-between text-[11px] text-base-content/70"
        >
          <span>{tickDate(window.from)}</span>
          <span>{tickDate(middle)}</span>
          <span>{tickDate(window.to)}</span>
        </div>
      </div>
    </div>
  );
}

function MoodTable({ window }: { window: MoodWindow }) {
  const newestFirst = [...window.days].reverse();
  const caption = INSIGHTS_TEXT.moodTableCaption(window.range);
  return (
    <details className="group">
      <summary className="w-fit cursor-pointer rounded text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
        {INSIGHTS_TEXT.showTable}
      </summary>
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="mt-3 max-h-72 overflow-y-auto rounded-box border border-base-300/70 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <table className="table table-sm table-pin-rows">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{INSIGHTS_TEXT.date}</th>
              <th scope="col">{INSIGHTS_TEXT.average}</th>
              <th scope="col" className="text-right">
                {INSIGHTS_TEXT.entries}
              </th>
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((day) => (
              <tr key={day.date} data-date={day.date}>
                <td className="whitespace-nowrap">{formatDate(day.date)}</td>
                <td>{averageMoodLabel(day.average)}</td>
                <td className="text-right tabular-nums">{day.entries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
