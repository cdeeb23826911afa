// Small statistics for the benchmarks: every figure is a median over rounds or a percentile
// over samples, never a single run.

/** The nearest-rank percentile of `values` (0 < p ≤ 100); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);
export const p95 = (values: readonly number[]) => percentile(values, 95);
export const p99 = (values: readonly number[]) => percentile(values, 99);

/** The median of per-round ratios a[i] / b[i]: each ratio compares contenders measured side by side. */
export function medianRatio(a: readonly number[], b: readonly number[]): number {
  return median(a.map((value, i) => value / b[i]!));
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
