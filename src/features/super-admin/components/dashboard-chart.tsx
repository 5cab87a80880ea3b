import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { colorVar, palettes, type ColorName } from '@/components/theme';
import type { DayFigures, ItemFigures } from '@/domain/schemas/business';
import { asCents } from '@/domain/money';
import { dateFormat, displayCount, displayCents, numberFormat } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';

// Every chart of the dashboard, drawn with uPlot. This file is its own lazy chunk, loaded only when the super admin
// opens the dashboard: no customer (and no other admin) downloads the chart library.

const HEIGHT = 220;

/** The box a chart is drawn in: as wide as its card, never pushed wider by the canvas it holds. */
const BOX_STYLE = { width: '100%', minWidth: 0, overflow: 'hidden' } as const;

/** A colour of the current appearance, as a canvas takes it (the theme's colours are CSS variables, which it does not). */
type Colour = (name: ColorName) => string;

/** Counts appearance changes (the player's choice on <html>, or the system's), so the charts redraw in the new colours. */
function useAppearanceVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((n) => n + 1);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = window.matchMedia?.('(prefers-color-scheme: light)');
    scheme?.addEventListener('change', bump);
    return () => {
      observer.disconnect();
      scheme?.removeEventListener('change', bump);
    };
  }, []);
  return version;
}

/** A uPlot drawn into a box as wide as its parent, redrawn when the box, the data or the appearance change. */
function usePlot(
  make: (width: number, colour: Colour) => { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData },
  deps: unknown[],
) {
  const box = useRef<HTMLDivElement>(null);
  const appearance = useAppearanceVersion();
  // A change of language draws the chart again with its words and numbers.
  const { i18n: shown } = useLingui();
  const locale = shown.locale;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const colour: Colour = (name) => style.getPropertyValue(colorVar(name)).trim() || palettes.dark[name];
    const width = element.clientWidth || 600;
    const { options, data } = make(width, colour);
    const plot = new uPlot({ ...options, width, height: HEIGHT }, data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // The callers list what the drawing depends on.
  }, [...deps, appearance, locale]);
  return box;
}

/** 'Mar 14', '14 mar': a store day as the language writes it (the day's noon in UTC is its x). */
const dayText = (seconds: number) =>
  dateFormat('chart-day', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(seconds * 1000));

/** The x axis of days: uPlot's own labels are English month names. */
const dayAxis = (colour: Colour): uPlot.Axis => axis(colour, { values: (_u, splits) => splits.map(dayText) });

const axis = (colour: Colour, extra: Partial<uPlot.Axis> = {}): uPlot.Axis => ({
  stroke: colour('textMuted'),
  grid: { stroke: colour('border'), width: 1 },
  ticks: { stroke: colour('border'), width: 1 },
  ...extra,
});

// The legend's values stay blank until a day is chosen (a tap or a hover): uPlot writes '--' for a value of none, which
// read 'Time: -- Requests: --' on a phone (issue 52.5).
/** The legend's day: blank until one is chosen. */
export const dayValue = (_u: uPlot, seconds: number | null) => (seconds == null ? '' : dayText(seconds));
/** A legend's count: blank until a day is chosen. */
export const countValue = (_u: uPlot, value: number | null) => (value == null ? '' : displayCount(value));

/** '80%', '80 %': a percentage as the language writes it. */
const percent = (value: number) => numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);

/** Noon of a store day, in seconds: the x of that day's point. */
const dayX = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

/** Requests and completions per day. */
export default function DashboardChart({ daily }: { daily: readonly DayFigures[] }) {
  const { _ } = useLingui();
  const box = usePlot(
    (_width, colour) => ({
      options: {
        series: [
          { label: _('Day'), value: dayValue },
          { label: _('Requests'), stroke: colour('info'), width: 2, fill: `${colour('info')}33`, value: countValue },
          { label: _('Completed'), stroke: colour('success'), width: 2, value: countValue },
        ],
        axes: [dayAxis(colour), axis(colour, { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] })],
        scales: { x: { time: true } },
      },
      data: [daily.map((day) => dayX(day.day)), daily.map((day) => day.requests), daily.map((day) => day.completions)],
    }),
    [daily],
  );
  return (
    <div
      ref={box}
      style={BOX_STYLE}
      role="img"
      aria-label={_('Requests and completions per day, last {days, plural, one {# day} other {# days}}', { days: daily.length })}
      data-testid="dashboard-chart"
    />
  );
}

/** Promises kept % per day: a point on each day some promise closed, none on a day none did. */
export function KeptChart({ daily }: { daily: readonly DayFigures[] }) {
  const { _ } = useLingui();
  const box = usePlot(
    (_width, colour) => ({
      options: {
        series: [
          {},
          {
            label: _('Kept %'),
            stroke: colour('success'),
            width: 2,
            spanGaps: true,
            points: { show: true, size: 7, fill: colour('success') },
            value: (_u, value) => (value == null ? '—' : percent(value)),
          },
        ],
        axes: [dayAxis(colour), axis(colour, { values: (_u, splits) => splits.map(percent), size: 52 })],
        scales: { x: { time: true }, y: { range: [0, 100] } },
        legend: { show: false },
      },
      data: [daily.map((day) => dayX(day.day)), daily.map((day) => day.keptPercent)],
    }),
    [daily],
  );
  const described = daily.filter((day) => day.keptPercent !== null);
  return (
    <div
      ref={box}
      style={BOX_STYLE}
      role="img"
      aria-label={
        described.length === 0
          ? _('Promises kept per day, last {days, plural, one {# day} other {# days}}: no promise closed', { days: daily.length })
          : _('Promises kept per day, last {days, plural, one {# day} other {# days}}: {list}', {
              days: daily.length,
              // Each day as the store writes it (2026-11-28): the same in every language.
              list: described.map((day) => `${day.day} ${percent(day.keptPercent ?? 0)}`).join(', '),
            })
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
  const { _ } = useLingui();
  const names = items.map((item) => item.name);
  const money = by === 'revenue';
  const list = items.map((item) => `${item.name} ${money ? displayCents(item.revenue) : displayCount(item.quantity)}`).join(', ');

  const box = usePlot(
    (width, colour) => ({
      options: {
        series: [
          { value: (_u, index) => names[index] ?? '' },
          {
            label: money ? _('Revenue') : _('Quantity'),
            fill: money ? colour('accent') : colour('info'),
            stroke: money ? colour('accent') : colour('info'),
            paths: uPlot.paths.bars!({ size: [0.6, 64] }),
            points: { show: false },
            value: (_u, value) => (value == null ? '' : money ? displayCents(asCents(Math.round(value))) : displayCount(value)),
          },
        ],
        axes: [
          axis(colour, {
            grid: { show: false },
            splits: () => names.map((_, index) => index),
            values: (_u, splits) => splits.map((index) => short(names[index] ?? '', width - 60, names.length)),
          }),
          axis(colour, {
            // The bars are drawn in cents; an axis step may fall between two, and reads as the nearest.
            values: (_u, splits) => splits.map((value) => (money ? displayCents(asCents(Math.round(value))) : displayCount(value))),
            size: money ? 72 : 40,
          }),
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
    [items, by],
  );
  return (
    <div
      ref={box}
      style={BOX_STYLE}
      role="img"
      aria-label={money ? _('Top items by revenue: {list}', { list }) : _('Top items by quantity: {list}', { list })}

      data-testid={`top-items-${by}`}
    />
  );
}
