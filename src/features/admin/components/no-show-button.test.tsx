import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/test/providers';
import { NoShowButton } from './no-show-button';

afterEach(() => vi.useRealTimers());

describe('NoShowButton (issue 52.5)', () => {
  it('when the promised time has not come, then it is off and says from when; once the clock passes it, it turns on', () => {
    vi.useFakeTimers({ now: Date.parse('2030-03-07T16:00:00.000Z') });
    const onClick = vi.fn();
    render(
      <AppProviders queryClient={new QueryClient()}>
        <NoShowButton promisedAt="2030-03-07T16:05:00.000Z" onClick={onClick} />
      </AppProviders>,
    );
    const button = screen.getByRole('button', { name: 'Player did not show' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/^From /);
    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(button).toBeDisabled();
    act(() => vi.advanceTimersByTime(61_000));
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription(/From/);
    act(() => button.click());
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
