import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { palettes, theme } from './theme';

// jsdom does not resolve CSS variables: the colours are given as values.
const resolved = { ...theme, color: palettes.dark };
import { Button } from './button';

describe('Button', () => {
  it.each(['primary', 'success', 'danger'] as const)(
    'when a %s button is disabled, then it is grey, dashed and faded with a not-allowed cursor',
    (variant) => {
      render(
        <ThemeProvider theme={resolved}>
          <Button $variant={variant}>On</Button>
          <Button $variant={variant} disabled>
            Off
          </Button>
        </ThemeProvider>,
      );
      const on = getComputedStyle(screen.getByRole('button', { name: 'On' }));
      const off = getComputedStyle(screen.getByRole('button', { name: 'Off' }));
      expect(off.backgroundColor).not.toBe(on.backgroundColor);
      expect(off.color).not.toBe(on.color);
      expect(off.borderStyle).toBe('dashed');
      expect(Number(off.opacity)).toBeLessThanOrEqual(0.7);
      expect(off.cursor).toBe('not-allowed');
    },
  );
});
