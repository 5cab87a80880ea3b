import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/components/theme';
import { BACK_ONLINE_TEXT, OfflineIndicator } from './offline-indicator';

const wrap = (ui: ReactNode) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('OfflineIndicator', () => {
  it('when online, then nothing is shown', () => {
    wrap(<OfflineIndicator />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("when the network goes, then an 'Offline' pill says so; when it returns, 'Back online' shows briefly", () => {
    vi.useFakeTimers();
    wrap(<OfflineIndicator />);
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline\. You are offline\./);
    setOnline(true);
    expect(screen.getByRole('status')).toHaveTextContent(BACK_ONLINE_TEXT);
    act(() => {
      vi.advanceTimersByTime(3100);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
