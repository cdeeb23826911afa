import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { requiredText } from './fields.ts';
import { DATE_MESSAGES, requiredCalendarDate } from './date-fields.ts';
import { isCalendarDate } from './calendar-dates.ts';

export const GOAL_MESSAGES = {
  missing: 'Please fill out all fields',
  titleTooLong: `Title must be at most ${LIMITS.title} characters`,
  descriptionTooLong: `Description must be at most ${LIMITS.description} characters`,
  currentDateMissing: 'Send the completion date (currentDate) as YYYY-MM-DD',
  notFound: 'Goal not found',
  alreadyCompleted: 'Goal is already completed',
  deleted: 'Goal deleted',
} as const;

/**
 * POST /api/goals. Title, description and due date are required (spec §5). `dateSet` is the
 * caller's local today; the server can't know the caller's time zone, so when it is left out
 * the goal is set on today's UTC date.
 */
export const createGoalRequest = z.object({
  title: requiredText(LIMITS.title, GOAL_MESSAGES.missing, GOAL_MESSAGES.titleTooLong),
  description: requiredText(
    LIMITS.description,
    GOAL_MESSAGES.missing,
    GOAL_MESSAGES.descriptionTooLong,
  ),
  dateDue: requiredCalendarDate(GOAL_MESSAGES.missing),
  dateSet: z
    .string({ error: DATE_MESSAGES.invalid })
    .trim()
    .refine(isCalendarDate, { error: DATE_MESSAGES.invalid })
    .optional(),
});
export type CreateGoalRequest = z.input<typeof createGoalRequest>;

/** PUT /api/goals/{id}/complete: `currentDate` is the caller's local today (spec §4). */
export const completeGoalRequest = z.object({
  currentDate: requiredCalendarDate(GOAL_MESSAGES.currentDateMissing),
});
export type CompleteGoalRequest = z.input<typeof completeGoalRequest>;

/** A goal (spec §3). `dateComplete` is null while the goal is active. */
export const goal = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  completed: z.boolean(),
  dateSet: z.string(),
  dateDue: z.string(),
  dateComplete: z.string().nullable(),
});
export type Goal = z.infer<typeof goal>;

/** GET /api/goals/due (active, soonest due first) and GET /api/goals/completed (latest completed first). */
export const goalList = z.array(goal);
export type GoalList = z.infer<typeof goalList>;
