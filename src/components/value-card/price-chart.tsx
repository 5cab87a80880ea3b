import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { colorVar, palettes, type ColorName } from '../theme';
import { asCents, formatCents } from '@/domain/money';
import type { PriceStep } from '@/lib/catalogue/item-prices';

// The value card's chart, drawn with uPlot. This file is its own lazy chunk, loaded when a card opens: the shop's and
// the sell screen's first code never carries the chart library (issue 49).

const HEIGHT = 180;
// The chart plots cents; an axis tick between whole cents reads as its nearest cent.
const money = (value: number) => formatCents(asCents(Math.round(value)));
const usd = (_u: uPlot, value: number | null) => (value == null ? '' : money(value));
const day = (_u: uPlot, seconds: number | null) =>
  seconds == null ? '' : new Date(seconds * 1000).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** The price and the sell valuation over the window, as steps (a price holds until it changes). */
export default function PriceChart({ steps, days, label }: { steps: readonly PriceStep[]; days: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const colour = (name: ColorName) => style.getPropertyValue(colorVar(name)).trim() || palettes.dark[name];
    const stepped = uPlot.paths.stepped?.({ align: 1 });
    const axis = (extra: Partial<uPlot.Axis> = {}): uPlot.Axis => ({
      stroke: colour('textMuted'),
      grid: { stroke: colour('border'), width: 1 },
      ticks: { stroke: colour('border'), width: 1 },
      ...extra,
    });
    const plot = new uPlot(
      {
        width: element.clientWidth || 320,
        height: HEIGHT,
        series: [
          { label: 'Day', value: day },
          {
            label: 'Price',
            stroke: colour('accent'),
            width: 2,
            paths: stepped,
            value: usd,
            spanGaps: true,
            points: { show: true, size: 6 },
          },
          { label: 'We pay', stroke: colour('success'), width: 2, dash: [6, 4], paths: stepped, value: usd, spanGaps: true },
        ],
        axes: [axis(), axis({ values: (_u, ticks) => ticks.map(money), size: 64 })],
        // The whole window, whatever the first recorded price's age: a price set last week reads as a week of it.
        scales: { x: { time: true, range: (_u, _min, max) => [max - days * 86_400, max] } },
        // Our own legend names the lines; uPlot's would read 'Day: Price: We pay:' until a point is chosen.
        legend: { show: false },
      },
      [steps.map((step) => step.at), steps.map((step) => step.price), steps.map((step) => step.sellPrice)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [steps, days]);
  return (
    <div ref={box} role="img" aria-label={label} data-testid="price-chart" style={{ width: '100%', minWidth: 0, overflow: 'hidden' }} />
  );
}
