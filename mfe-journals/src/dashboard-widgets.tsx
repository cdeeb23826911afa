import { localToday } from '@dayframe/web-kit';
import { MoodChart } from './features/insights/components/mood-chart.tsx';
import { OnThisDayCard } from './features/insights/components/on-this-day-card.tsx';
import { WritingHeatmap } from './features/insights/components/writing-heatmap.tsx';
import './styles.css';

/**
 * `./dashboard-widgets`, declared in remote.json as a `dashboard` widget: the shell's dashboard
 * renders it inside an error boundary, so this remote being down only removes these cards.
 * Dates are the user's local day.
 */
export default function DashboardWidgets() {
  const today = localToday();
  return (
    <div className="mfe-journals space-y-5">
      <OnThisDayCard today={today} />
      <WritingHeatmap today={today} />
      <MoodChart today={today} />
    </div>
  );
}
