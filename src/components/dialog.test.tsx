import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../test/providers';
import { createQueryClient } from '../lib/query-client';
import { Dialog } from './dialog';

function Nested() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOuter(true)}>
        Open outer
      </button>
      <Dialog open={outer} title="Outer" onClose={() => setOuter(false)}>
        <button type="button" onClick={() => setInner(true)}>
          Open inner
        </button>
        <Dialog open={inner} title="Inner" onClose={() => setInner(false)}>
          <p>Inner body</p>
        </Dialog>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('when Escape cancels a dialog opened inside another, then only the inner one closes and focus returns to its opener', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Nested />
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Open outer' }));
    const openInner = screen.getByRole('button', { name: 'Open inner' });
    await user.click(openInner);
    expect(screen.getByText('Inner body')).toBeInTheDocument();

    // What the browser does on Escape: a cancelable 'cancel' event on the topmost modal dialog.
    const inner = screen.getByText('Inner body').closest('dialog')!;
    fireEvent(inner, new Event('cancel', { cancelable: true }));

    expect(screen.queryByText('Inner body')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toBeInTheDocument();
    expect(document.activeElement).toBe(openInner);

    const outer = openInner.closest('dialog')!;
    fireEvent(outer, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('button', { name: 'Open inner' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open outer' }));
  });

  it('when a tap opens a dialog without focusing its button (Safari, iOS), then closing it still puts focus on that button', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Nested />
      </AppProviders>,
    );
    const openOuter = screen.getByRole('button', { name: 'Open outer' });
    // fireEvent.click dispatches the click alone, as a tap in Safari does: focus stays on the page.
    fireEvent.click(openOuter);
    expect(document.activeElement).not.toBe(openOuter);
    const outer = screen.getByRole('button', { name: 'Open inner' }).closest('dialog')!;
    fireEvent(outer, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('button', { name: 'Open inner' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(openOuter);
  });
});
