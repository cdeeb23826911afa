import type { ComponentType, SVGProps } from 'react';
import { BookIcon, CheckCircleIcon, TargetIcon } from '@dayframe/web-kit';
import type { CalendarItem } from '../utils/calendar-items.ts';

type Kind = CalendarItem['kind'];

/**
 * How each kind of item looks (spec §2: entries blue, goals due yellow, goals completed green
 * and struck through). Fixed hues rather than theme colours, so the meaning survives every
 * theme; the text stays in the theme's own colour to keep its contrast.
 */
export const ITEM_KINDS: Record<
  Kind,
  {
    label: string;
    chip: string;
    /** The title's own style (completed goals are struck through). */
    text: string;
    dot: string;
    badge: string;
    icon: ComponentType<SVGProps<SVGSVGElement>>;
  }
> = {
  entry: {
    label: 'Entry',
    chip: 'border-blue-500 bg-blue-500/10 hover:bg-blue-500/20',
    text: '',
    dot: 'bg-blue-500',
    badge: 'bg-blue-500/15 text-blue-600',
    icon: BookIcon,
  },
  due: {
    label: 'Goal due',
    chip: 'border-yellow-500 bg-yellow-400/20 hover:bg-yellow-400/35',
    text: '',
    dot: 'bg-yellow-500',
    badge: 'bg-yellow-400/25 text-yellow-700',
    icon: TargetIcon,
  },
  completed: {
    label: 'Goal completed',
    chip: 'border-green-600 bg-green-500/10 hover:bg-green-500/20',
    text: 'line-through decoration-green-700/70 text-base-content/80',
    dot: 'bg-green-600',
    badge: 'bg-green-500/15 text-green-700',
    icon: CheckCircleIcon,
  },
};
