import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/test/providers';
import { Banner } from './banner';
import { theme } from './theme';

describe('Banner (issue 52.5)', () => {
  it("when it says a success, then its check mark takes the success fill's own ink, light on the deep green", () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Banner tone="success">Saved</Banner>
      </AppProviders>,
    );
    const mark = screen.getByText('✓');
    expect(getComputedStyle(mark).color).toBe(theme.color.onSuccess);
    expect(theme.color.onSuccess).toBe('var(--c-on-success)');
  });
});
