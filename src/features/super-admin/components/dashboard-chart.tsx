import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from 'styled-components';
import type { DayFigures } from '../../../domain/schemas/business';

/**
 * Requests and completions per day over 30 days, drawn with uPlot. This file is its own lazy chunk, loaded only when
 * the super admin opens the dashboard: no customer (and no other admin) downloads the chart library.
 */
export default function DashboardChart({ daily }: { daily: readonly DayFigures[] }) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = daily.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 220,
        series: [
          {},
          { label: 'Requests', stroke: theme.color.info, width: 2, fill: `${theme.color.info}22` },
          { label: 'Completed', stroke: theme.color.success, width: 2 },
        ],
        axes: [
          { stroke: theme.color.textMuted, grid: { stroke: theme.color.border } },
          { stroke: theme.color.textMuted, grid: { stroke: theme.color.border }, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
        ],
        scales: { x: { time: true } },
      },
      [x, daily.map((day) => day.requests), daily.map((day) => day.completions)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [daily, theme]);
  return <div ref={box} role="img" aria-label="Requests and completions per day, last 30 days" data-testid="dashboard-chart" />;
}
