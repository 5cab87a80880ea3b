import { useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMswServer } from '@/test/msw';
import { renderPage, signInTestUser } from '@/test/render-page';
import { useState } from 'react';
import { SECOND_FACTOR_KEY } from '../api/second-factor';
import { SecondFactorGate } from './second-factor-gate';

const server = setupMswServer();

const Gated = () => (
  <SecondFactorGate onClose={() => {}}>
    <p>Admin Control stub</p>
  </SecondFactorGate>
);

describe('SecondFactorGate', () => {
  it('when the session still needs its code, then the code is asked and Admin Control opens once it is accepted', async () => {
    signInTestUser('boss');
    let sent: unknown;
    server.use(
      http.get('/api/marketplace/second-factor', () => HttpResponse.json({ state: 'needed', totp: true, passkeys: 0 })),
      http.post('/api/marketplace/second-factor/totp', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ state: 'passed', totp: true, passkeys: 0 });
      }),
    );
    const user = userEvent.setup();
    renderPage(Gated, '/gated');
    expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toBeInTheDocument();
    expect(screen.queryByText('Admin Control stub')).toBeNull();
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Admin Control stub')).toBeInTheDocument();
    expect(sent).toEqual({ code: '123 456' });
  });

  it('when a wrong code is sent, then the server says so and the gate stays shut', async () => {
    signInTestUser('boss');
    const wrong = 'That code is not right. Enter the current 6-digit code from your authenticator app';
    server.use(
      http.get('/api/marketplace/second-factor', () => HttpResponse.json({ state: 'needed', totp: true, passkeys: 0 })),
      http.post('/api/marketplace/second-factor/totp', () => HttpResponse.json({ message: wrong }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderPage(Gated, '/gated');
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(screen.queryByText('Admin Control stub')).toBeNull();
  });

  it('when the admin has no second factor, then the QR and key are shown and the first code confirms the app', async () => {
    signInTestUser('boss');
    server.use(
      http.get('/api/marketplace/second-factor', () => HttpResponse.json({ state: 'setup', totp: false, passkeys: 0 })),
      http.post('/api/marketplace/second-factor/totp/setup', () =>
        HttpResponse.json({ secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://totp/x', qr: 'data:image/png;base64,AAAA' }),
      ),
      http.post('/api/marketplace/second-factor/totp/confirm', () => HttpResponse.json({ state: 'passed', totp: true, passkeys: 0 })),
    );
    const user = userEvent.setup();
    renderPage(Gated, '/gated');
    expect(await screen.findByRole('dialog', { name: 'Protect Admin Control' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByText('ABCD EFGH IJKL MNOP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Admin Control stub')).toBeInTheDocument();
  });

  it('when the state is none (a player, or the requirement is off), then the screen opens at once', async () => {
    signInTestUser('boss');
    server.use(http.get('/api/marketplace/second-factor', () => HttpResponse.json({ state: 'none', totp: false, passkeys: 0 })));
    renderPage(Gated, '/gated');
    expect(await screen.findByText('Admin Control stub')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the check failed offline and is tried again with the signal, then the open screen stays mounted with its state', async () => {
    signInTestUser('boss');
    let answer: () => Response = () => HttpResponse.error();
    let release: () => void = () => {};
    server.use(http.get('/api/marketplace/second-factor', () => answer()));
    let client: ReturnType<typeof useQueryClient> | null = null;
    function Stateful() {
      client = useQueryClient();
      const [view, setView] = useState('menu');
      return (
        <button type="button" onClick={() => setView('outbox')}>
          View {view}
        </button>
      );
    }
    const GatedStateful = () => (
      <SecondFactorGate onClose={() => {}}>
        <Stateful />
      </SecondFactorGate>
    );
    const user = userEvent.setup();
    renderPage(GatedStateful, '/gated');
    await user.click(await screen.findByRole('button', { name: 'View menu' }));
    expect(screen.getByRole('button', { name: 'View outbox' })).toBeInTheDocument();
    // The signal returns: the check is sent again and held, then answered.
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached = false;
    answer = () => HttpResponse.json({ state: 'none', totp: false, passkeys: 0 });
    server.use(
      http.get('/api/marketplace/second-factor', async () => {
        reached = true;
        await held;
        return answer();
      }),
    );
    let refetch: Promise<unknown> = Promise.resolve();
    act(() => {
      refetch = client!.refetchQueries({ queryKey: SECOND_FACTOR_KEY });
    });
    // While the new check is out, the query is pending again (no data yet); its observers are told in a 0 ms batch.
    await waitFor(() => expect(reached).toBe(true));
    expect(client!.getQueryState(SECOND_FACTOR_KEY)?.status).toBe('pending');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByRole('button', { name: 'View outbox' })).toBeInTheDocument();
    release();
    await act(() => refetch);
    expect(screen.getByRole('button', { name: 'View outbox' })).toBeInTheDocument();
  });
});
