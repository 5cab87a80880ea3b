import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/components/theme';
import { PurchaseFailedDialog } from './purchase-dialogs';

function renderFailed(retryable: boolean, detail: string | null) {
  const handlers = { onRetry: vi.fn(), onBackToCart: vi.fn(), onClose: vi.fn() };
  render(
    <ThemeProvider theme={theme}>
      <PurchaseFailedDialog open detail={detail} retryable={retryable} {...handlers} />
    </ThemeProvider>,
  );
  return { ...handlers, dialog: within(screen.getByRole('alertdialog', { name: 'Request Failed' })) };
}

describe('PurchaseFailedDialog', () => {
  it('when sending again can work, then it asks to try again and Try Again goes back to the confirmation', async () => {
    const { dialog, onRetry, onBackToCart } = renderFailed(true, null);
    expect(dialog.getByText('Failed to send purchase request. Please try again.')).toBeInTheDocument();
    expect(dialog.queryByTestId('purchase-failure-reason')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onBackToCart).not.toHaveBeenCalled();
  });

  it('when the server refused the request itself, then it gives the reason and offers only Back to Cart', async () => {
    const { dialog, onRetry, onBackToCart } = renderFailed(false, 'Quantity must be at most 1,000,000');
    expect(dialog.getByText('The request was not accepted, and sending it again unchanged would fail the same way.')).toBeInTheDocument();
    expect(dialog.getByTestId('purchase-failure-reason')).toHaveTextContent('Reason: Quantity must be at most 1,000,000');
    expect(dialog.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Back to Cart' }));
    expect(onBackToCart).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });
});
