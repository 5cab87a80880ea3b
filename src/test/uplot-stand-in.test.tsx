import { describe, expect, it } from 'vitest';
import UPlotStandIn from './uplot-stand-in';

describe('uPlot in the component tests', () => {
  it('when a chart imports uplot, then it gets the stand-in, which loads without matchMedia and records what it was given', async () => {
    const { default: loaded } = await import('uplot');
    expect(loaded).toBe(UPlotStandIn);
    const box = document.createElement('div');
    new loaded(
      { width: 10, height: 10, series: [{ label: 'Day' }, { label: 'Price' }] },
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      box,
    );
    expect(box.dataset).toMatchObject({ points: '3', series: 'Day, Price' });
  });
});
