// uPlot as the component tests see it (the `dom` project resolves 'uplot' here, vitest.config.ts). jsdom has no canvas,
// and the real uPlot calls matchMedia as its module loads, which jsdom lacks: a CI run failed on an uncaught
// "matchMedia is not a function" when a test file's chart loaded it. The stand-in draws nothing; it writes what it was
// given on the chart's box (`data-points`: the x values; `data-series`: the series named), so a test can read the real
// chart component's label and data. The browser tests draw the real one.
import type uPlot from 'uplot';

export default class UPlotStandIn {
  static paths = { stepped: () => null, bars: () => null, linear: () => null, spline: () => null };

  constructor(options: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
    target.dataset.points = String(data[0]?.length ?? 0);
    target.dataset.series = (options.series ?? [])
      .map((series) => series.label ?? '')
      .filter(Boolean)
      .join(', ');
  }

  setSize(): void {}

  destroy(): void {}
}
