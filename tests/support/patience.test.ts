import { describe, expect, it } from 'vitest';
import { patienceFor } from './patience';

describe('patience for a browser test', () => {
  it('when the suite has the cores to itself, then a limit stays as written', () => {
    expect(patienceFor(0.2, 2)).toBe(1);
    expect(patienceFor(3, 2)).toBe(1);
  });

  it('when other work crowds the cores, then a limit grows with the runnable threads per core', () => {
    expect(patienceFor(5, 2)).toBe(2.5);
    expect(patienceFor(9, 4)).toBe(2.3);
  });

  it('when the machine is swamped, then a limit grows at most six times, so a hung test still ends', () => {
    expect(patienceFor(40, 2)).toBe(6);
  });
});
