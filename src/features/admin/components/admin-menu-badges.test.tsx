import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { data, serveAdminApi } from '../testing/admin-server';
import { makeRequest, makeSubmission } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';

vi.mock('@/lib/socket', () => ({ subscribeSocket: () => () => undefined }));

serveAdminApi();

describe("Admin Control's badges (issue 52.5: no legend, and blue meant unread on one tile and pending on another)", () => {
  it('when requests and submissions wait, then their counts share one outlined look, not the unread blue, and a legend says what each badge counts', async () => {
    data.submissions = [makeSubmission(), makeSubmission()];
    data.requests = [makeRequest({ status: 'pending' })];
    renderAdminControl();
    const submissions = await screen.findByLabelText('2 pending');
    await waitFor(() => expect(screen.getAllByTestId('queue-count').length).toBeGreaterThan(0));
    const queue = screen.getAllByTestId('queue-count')[0];
    expect(getComputedStyle(queue).backgroundColor).toBe(getComputedStyle(submissions).backgroundColor);
    expect(getComputedStyle(queue).backgroundColor).not.toBe('var(--c-info)');
    expect(getComputedStyle(submissions).backgroundColor).not.toBe('var(--c-danger)');

    const legend = within(screen.getByRole('list', { name: 'What the badges count' }));
    expect(legend.getByText('waiting in that list')).toBeInTheDocument();
    expect(legend.getByText('unread messages')).toBeInTheDocument();
    expect(legend.getByText('times players proposed, to answer')).toBeInTheDocument();
    // The legend's samples are not read out as real counts.
    expect(screen.getByLabelText('2 unread messages').closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
