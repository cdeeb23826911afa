/**
 * A member's menu once mfe-goals publishes a Milestones item with order 35 (after Goals, before
 * Calendar): what the layout's component test and the version-skew browser test both expect.
 */
export const MENU_WITH_MILESTONES = [
  'Dashboard',
  'Journals',
  'New Entry',
  'Goals',
  'Milestones',
  'Calendar',
  'Settings',
];
