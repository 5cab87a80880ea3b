import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { AppProviders } from '@/test/providers';
import { PasskeysPanel } from './passkeys-panel';

const server = setupMswServer();

describe('PasskeysPanel (issue 52.5: two identical "Passkey on Linux" rows)', () => {
  it('when two passkeys came from one device, then each row says when it was added and last used', async () => {
    server.use(
      http.get('/api/marketplace/passkeys', () =>
        HttpResponse.json([
          {
            id: 'a',
            name: 'Passkey on Linux, added 2026-11-20',
            createdAt: '2026-11-20T10:00:00.000Z',
            lastUsedAt: '2026-11-27T10:00:00.000Z',
          },
          { id: 'b', name: 'Passkey on Linux, added 2026-11-20 (2)', createdAt: '2026-11-20T11:00:00.000Z', lastUsedAt: null },
        ]),
      ),
    );
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PasskeysPanel />
      </AppProviders>,
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText(/^Added .+ · last used .+/)).toBeInTheDocument();
    expect(within(rows[1]).getByText(/^Added .+ · not used to sign in yet$/)).toBeInTheDocument();
    expect(rows[0].textContent).not.toBe(rows[1].textContent);
  });
});
