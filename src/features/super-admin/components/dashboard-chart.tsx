import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme, type DefaultTheme } from 'styled-components';
import { formatUsd } from '../../../domain/money';
import type { DayFigures, ItemFigures } from '../../../domain/schemas/business';

// Every chart of the dashboard, drawn with uPlot. This file is its own lazy chunk, loaded only when the super admin
// opens the dashboard: no customer (and no other admin) downloads the chart library.

const HEIGHT = 220;

/** A uPlot drawn into a box as wide as its parent, redrawn when the box or the data change, destroyed on unmount. */
function usePlot(make: (width: number) => { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData }, deps: unknown[]) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = element.clientWidth || 600;
    const { options, data } = make(width);
    const plot = new uPlot({ ...options, width, height: HEIGHT }, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // The callers list what the drawing depends on.
  }, deps);
  return box;
}

const axis = (theme: DefaultTheme, extra: Partial<uPlot.Axis> = {}): uPlot.Axis => ({
  stroke: theme.color.textMuted,
  grid: { stroke: theme.color.border },
  ticks: { stroke: theme.color.border },
  ...extra,
});

/** Noon of a store day, in seconds: the x of that day's point. */
const dayX = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

/** Requests and completions per day. */
export default function DashboardChart({ daily }: { daily: readonly DayFigures[] }) {
  const theme = useTheme();
  const box = usePlot(
    () => ({
      options: {
        series: [
          {},
          { label: 'Requests', stroke: theme.color.info, width: 2, fill: `${theme.color.info}22` },
          { label: 'Completed', stroke: theme.color.success, width: 2 },
        ],
        axes: [axis(theme), axis(theme, { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] })],
        scales: { x: { time: true } },
      },
      data: [daily.map((day) => dayX(day.day)), daily.map((day) => day.requests), daily.map((day) => day.completions)],
    }),
    [daily, theme],
  );
  return (
    <div ref={box} role="img" aria-label={`Requests and completions per day, last ${daily.length} days`} data-testid="dashboard-chart" />
  );
}

/** Promises kept % per day: a point on each day some promise closed, none on a day none did. */
export function KeptChart({ daily }: { daily: readonly DayFigures[] }) {
  const theme = useTheme();
  const box = usePlot(
    () => ({
      options: {
        series: [
          {},
          {
            label: 'Kept %',
            stroke: theme.color.success,
            width: 2,
            spanGaps: true,
            points: { show: true, size: 7, fill: theme.color.success },
            value: (_u, value) => (value == null ? '—' : `${value}%`),
          },
        ],
        axes: [axis(theme), axis(theme, { values: (_u, splits) => splits.map((value) => `${value}%`), size: 48 })],
        scales: { x: { time: true }, y: { range: [0, 100] } },
      },
      data: [daily.map((day) => dayX(day.day)), daily.map((day) => day.keptPercent)],
    }),
    [daily, theme],
  );
  const described = daily.filter((day) => day.keptPercent !== null);
  return (
    <div
      ref={box}
      role="img"
      aria-label={
        described.length === 0
          ? `Promises kept per day, last ${daily.length} days: no promise closed`
          : `Promises kept per day, last ${daily.length} days: ${described.map((day) => `${day.day} ${day.keptPercent}%`).join(', ')}`
      }
      data-testid="kept-chart"
    />
  );
}

/** A name short enough to sit under its bar. */
const short = (name: string, width: number, count: number) => {
  const room = Math.max(4, Math.floor(width / Math.max(count, 1) / 8));
  return name.length <= room ? name : `${name.slice(0, room - 1)}…`;
};

/** The top items as bars, by quantity or by revenue (USD). */
export function TopItemsChart({ items, by }: { items: readonly ItemFigures[]; by: 'quantity' | 'revenue' }) {
  const theme = useTheme();
  const names = items.map((item) => item.name);
  const money = by === 'revenue';
  const box = usePlot(
    (width) => ({
      options: {
        series: [
          { value: (_u, index) => names[index] ?? '' },
          {
            label: money ? 'Revenue' : 'Quantity',
            fill: money ? theme.color.accent : theme.color.info,
            stroke: money ? theme.color.accent : theme.color.info,
            paths: uPlot.paths.bars!({ size: [0.6, 64] }),
            points: { show: false },
            value: (_u, value) => (value == null ? '' : money ? formatUsd(value) : String(value)),
          },
        ],
        axes: [
          axis(theme, {
            grid: { show: false },
            splits: () => names.map((_, index) => index),
            values: (_u, splits) => splits.map((index) => short(names[index] ?? '', width - 60, names.length)),
          }),
          axis(theme, { values: (_u, splits) => splits.map((value) => (money ? formatUsd(value) : String(value))), size: money ? 64 : 40 }),
        ],
        scales: {
          x: { time: false, range: [-0.5, Math.max(names.length, 1) - 0.5] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        legend: { show: false },
        cursor: { show: false },
      },
      data: [names.map((_, index) => index), items.map((item) => (money ? item.revenue : item.quantity))],
    }),
    [items, by, theme],
  );
  return (
    <div
      ref={box}
      role="img"
      aria-label={`Top items by ${by}: ${items.map((item) => `${item.name} ${money ? formatUsd(item.revenue) : item.quantity}`).join(', ')}`}
      data-testid={`top-items-${by}`}
    />
  );
}
