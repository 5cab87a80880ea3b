import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../test/providers';
import { createQueryClient } from '../lib/query-client';
import { retryableLazy } from './retryable-lazy';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

const renderApp = (ui: React.ReactNode) => render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('retryableLazy', () => {
  it('when the code fails to load, then Retry shows, and the return of the connection loads it by itself', async () => {
    const load = vi
      .fn<() => Promise<typeof Counter>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Counter);
    const Screen = retryableLazy(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(<Screen label="Clicks" />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    goOnline();
    expect(await screen.findByRole('button', { name: 'Clicks 0' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when a loaded screen is in use and the connection returns, then it is left as it is (not loaded again, its state kept)', async () => {
    const user = userEvent.setup();
    const load = vi.fn(async () => Counter);
    const Screen = retryableLazy(load);
    renderApp(<Screen label="Clicks" />);
    await user.click(await screen.findByRole('button', { name: 'Clicks 0' }));
    expect(screen.getByRole('button', { name: 'Clicks 1' })).toBeInTheDocument();
    goOnline();
    goOnline();
    expect(screen.getByRole('button', { name: 'Clicks 1' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
