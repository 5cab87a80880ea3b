import { afterEach, describe, expect, it } from 'vitest';
import { lazyDateFormat } from './lazy-date-format';

const Original = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = Original;
});

describe('lazyDateFormat', () => {
  it('when it is declared, then no formatter is made until the first date is formatted, and then only one', () => {
    let made = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Original;
    const options = { day: 'numeric', month: 'short', timeZone: 'UTC' } as const;
    const format = lazyDateFormat(options);
    expect(made).toBe(0);
    const at = new Date('2026-11-24T10:00:00Z');
    expect(format.format(at)).toBe(new Original(undefined, options).format(at));
    format.format(at);
    expect(made).toBe(1);
  });
});
