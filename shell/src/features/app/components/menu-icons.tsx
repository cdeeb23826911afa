import type { ComponentType, SVGProps } from 'react';
import {
  BookIcon,
  BoltIcon,
  CalendarIcon,
  ChartIcon,
  CheckIcon,
  HomeIcon,
  LockIcon,
  MailIcon,
  PencilIcon,
  PlusIcon,
  SettingsIcon,
  ShieldIcon,
  SparkleIcon,
  TargetIcon,
} from '@dayframe/web-kit';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** The icon names a remote may give its menu items. */
const MENU_ICONS: Record<string, Icon> = {
  book: BookIcon,
  bolt: BoltIcon,
  calendar: CalendarIcon,
  chart: ChartIcon,
  check: CheckIcon,
  home: HomeIcon,
  lock: LockIcon,
  mail: MailIcon,
  pencil: PencilIcon,
  plus: PlusIcon,
  settings: SettingsIcon,
  shield: ShieldIcon,
  sparkle: SparkleIcon,
  target: TargetIcon,
};

/** For a name this shell does not know yet (a newer remote's): a plain dot, never a gap. */
function DotIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <circle cx="12" cy="12" r="3.5" />
    </svg>
  );
}

export function menuIcon(name: string): Icon {
  return Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name]! : DotIcon;
}
