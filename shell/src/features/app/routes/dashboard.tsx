import type { ComponentType, SVGProps } from 'react';
import {
  ArrowRightIcon,
  BookIcon,
  CalendarIcon,
  TargetIcon,
  useDocumentTitle,
  useSession,
  PageHeader,
  Link,
} from '@dayframe/web-kit';
import { DashboardWidgets } from '../components/dashboard-widgets.tsx';

const CARDS: {
  to: string;
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}[] = [
  {
    to: '/journals/create',
    title: 'Create a Journal',
    text: 'Start a new journal and add your first entry.',
    icon: BookIcon,
  },
  {
    to: '/calendar',
    title: 'Check Calendar',
    text: 'See your entries and goals by day.',
    icon: CalendarIcon,
  },
  {
    to: '/goals',
    title: 'View Goals',
    text: 'Track progress and manage what matters.',
    icon: TargetIcon,
  },
];

/** Spec §2 `/dashboard`. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  return (
    <div>
      <PageHeader
        title={`Welcome back, ${user?.name}!`}
        subtitle="What would you like to do today?"
      />
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map(({ to, title, text, icon: CardIcon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group card h-full border border-base-300/70 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md"
            >
              <div className="card-body">
                <span className="grid size-12 place-items-center rounded-box bg-primary/10 text-primary">
                  <CardIcon className="size-6" />
                </span>
                <h2 className="card-title mt-3">{title}</h2>
                <p className="text-base-content/70">{text}</p>
                <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary">
                  Open{' '}
                  <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <DashboardWidgets />
    </div>
  );
}
