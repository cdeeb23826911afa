/**
 * How many goals one person may keep, active and completed together: generous for anyone
 * setting goals by hand, a ceiling for a runaway script. It bounds the due and completed lists,
 * which this service answers whole. Tests lower it through `createGoals({ quotas })`.
 */
export const GOALS_QUOTAS = { goals: 10_000 } as const;

export type GoalsQuotas = { goals: number };
