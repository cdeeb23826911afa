// The plan table: every content query's plan, printed, and one row per database whose goal is
// "no full scan". A full scan fails that row (met = NO), never the run.
import type { DatabaseKind, QueryPlan } from '@dayframe/test-kit';
import type { Row } from './_table.ts';

export type PlanSet = { figure: string; kind: DatabaseKind; what: string; plans: QueryPlan[] };

/** The printed plans, one query and its plan per pair of lines; full scans marked. */
export function planLines({ kind, what, plans }: PlanSet): string[] {
  return [
    `${kind} query plans (${what}):`,
    ...plans.flatMap((p) => [`  ${p.sql}`, `    -> ${p.fullScan ? 'FULL SCAN: ' : ''}${p.plan}`]),
  ];
}

export function planRow({ figure, kind, what, plans }: PlanSet): Row {
  const scans = plans.filter((p) => p.fullScan).length;
  return {
    figure,
    measure: `query plans, ${what}, ${kind} (EXPLAIN of every read)`,
    value: `${plans.length} queries, ${scans} full scan${scans === 1 ? '' : 's'}`,
    goal: 'every query on an index',
    met: plans.length > 0 && scans === 0,
  };
}
