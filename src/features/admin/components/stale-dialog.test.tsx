import { act, screen, waitFor, within } from '@testing-library/react';
import { PurchaseRequest } from '@/domain/schemas/purchases';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketMessage } from '@/domain/socket-messages';
import { setCurrentUser } from '@/lib/current-user';
import { purchaseRequestsQueryOptions } from '../api/purchase-requests';
import { data, serveAdminApi, server } from '../testing/admin-server';
import { makeRequest } from '../testing/fixtures';
import { renderAdminControl } from '../testing/render-admin';

vi.mock('@/lib/socket', () => ({ subscribeSocket: (_handler: (message: SocketMessage) => void) => () => undefined }));
vi.setConfig({ testTimeout: 20_000 });

serveAdminApi();
beforeEach(() =>
  setCurrentUser({ username: 'admin1', contactEmail: null, ps5Username: null, robloxUsername: null, isAdmin: true, isSuperAdmin: false }),
);

describe('a dialog whose record changes underneath it (issue 28)', () => {
  it('when another admin approves the request while Reject is open, then the dialog names who and when and offers no Yes; nothing is sent', async () => {
    const request = makeRequest({ requesterName: 'rita' });
    data.requests = [request];
    server.use(
      http.get('/api/history/purchase-request/:id', () =>
        HttpResponse.json([
          { from: null, to: 'pending', actorName: 'rita', at: '2026-03-04T10:00:00.000Z', note: null, photoUrl: null, thumbnailUrl: null },
          {
            from: 'pending',
            to: 'approved',
            actorName: 'sam',
            at: '2026-03-04T12:31:00.000Z',
            note: null,
            photoUrl: null,
            thumbnailUrl: null,
          },
        ]),
      ),
    );
    const user = userEvent.setup();
    const { queryClient } = renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Pending Purchase Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Reject Pending Request' }));
    expect(dialog.getByRole('button', { name: 'Yes' })).toBeInTheDocument();

    // The live update: the list in the cache now has the request approved.
    act(() =>
      queryClient.setQueryData(purchaseRequestsQueryOptions().queryKey, [
        PurchaseRequest.parse({ ...request, status: 'approved' as const }),
      ]),
    );
    const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date('2026-03-04T12:31:00.000Z'));
    await waitFor(() => expect(dialog.getByText(new RegExp(`Already approved by sam at ${time}\\.`))).toBeInTheDocument());
    expect(dialog.queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Back to the list' }));
    expect(data.calls).toEqual([]);
  });
});

describe("a player's proposed time (issue 28)", () => {
  it('when the player proposed a new time, then the approved drop shows it and Accept new time answers it', async () => {
    const request = makeRequest({ status: 'approved', scheduledDate: 'Immediately', scheduledTime: '', isImmediateSchedule: true });
    data.requests = [request];
    data.proposals = [
      {
        id: 5,
        subjectType: 'purchase-request',
        subjectId: request.id,
        scheduledDate: '3/15/2030',
        scheduledTime: '1:00 PM',
        isImmediate: false,
        promisedAt: '2030-03-15T17:00:00.000Z',
        proposedBy: 'rita',
        proposedByRole: 'player',
        status: 'open',
        createdAt: '2026-03-04T10:00:00.000Z',
        decidedAt: null,
        decidedBy: null,
      },
    ];
    const user = userEvent.setup();
    renderAdminControl();
    await user.click(screen.getByRole('button', { name: /Approved Requests/ }));
    const proposal = within(await screen.findByTestId('player-proposal'));
    expect(proposal.getByText('The player proposes 3/15/2030 at 1:00 PM.')).toBeInTheDocument();
    await user.click(proposal.getByRole('button', { name: 'Accept new time' }));
    await waitFor(() => expect(data.calls).toEqual([{ method: 'POST', path: '/api/proposals/5/accept', body: {} }]));
  });
});
