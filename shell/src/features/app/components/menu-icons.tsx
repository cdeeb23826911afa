import type { ComponentType } from 'react';
import {
  BookIcon,
  BoltIcon,
  CalendarIcon,
  ChartIcon,
  CheckIcon,
  DotIcon,
  HomeIcon,
  type IconProps,
  LockIcon,
  MailIcon,
  PencilIcon,
  PlusIcon,
  SettingsIcon,
  ShieldIcon,
  SparkleIcon,
  TargetIcon,
} from '@dayframe/web-kit';

type Icon = ComponentType<IconProps>;

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

/** The icon for a menu item's name; a plain dot for a name this shell does not know yet. */
export function menuIcon(name: string): Icon {
  return Object.hasOwn(MENU_ICONS, name) ? MENU_ICONS[name]! : DotIcon;
}
