/** One row of bench/RESULTS.md. `ratio` is ours ÷ baseline (or baseline ÷ ours for throughput, see `higherIsBetter`). */
export interface BenchRow {
  part: string;
  figure: string;
  ours: number;
  baseline: number | null;
  unit: string;
  budget: string;
  pass: boolean;
  note?: string;
  /** The same figure before the work that moved its budget, as measured then (the run is named in RESULTS.md). */
  before?: number;
}

export function ratio(row: BenchRow): string {
  if (row.baseline === null || row.baseline === 0) return '–';
  return `${(row.ours / row.baseline).toFixed(2)}×`;
}

export function fmt(value: number, unit: string): string {
  if (unit === 'bytes') return value >= 1024 ? `${(value / 1024).toFixed(1)} KB` : `${value} B`;
  if (unit === 'ms') return `${value.toFixed(1)} ms`;
  if (unit === 'req/s') return `${Math.round(value).toLocaleString('en-US')} req/s`;
  return `${Number.isInteger(value) ? value : value.toFixed(2)} ${unit}`;
}

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function median(values: number[]): number {
  return percentile(values, 50);
}
