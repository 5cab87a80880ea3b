import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setCurrentUser } from '@/lib/current-user';
import { setupMswServer } from '@/test/msw';
import { renderPage, signInTestUser } from '@/test/render-page';
import { AuthenticatorPanel } from './authenticator-panel';
import { SecondFactorGate } from './second-factor-gate';

const server = setupMswServer();

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function signInAdmin() {
  const username = signInTestUser('admin');
  setCurrentUser({ username, contactEmail: null, ps5Username: null, robloxUsername: 'rob', isAdmin: true, isSuperAdmin: false });
}

function answerSetup() {
  server.use(
    http.post('/api/marketplace/second-factor/totp/setup', () =>
      HttpResponse.json({ secret: 'ABCDEFGHIJKLMNOP', uri: 'otpauth://totp/x', qr: 'data:image/png;base64,AAAA' }),
    ),
    http.post('/api/marketplace/second-factor/totp/confirm', () =>
      HttpResponse.json({ state: 'none', totp: true, passkeys: 0, recoveryCodes: CODES }),
    ),
  );
}

describe('AuthenticatorPanel (Account, issue 52.5)', () => {
  it('when an admin who is not forced to has no app, then Account offers it, and confirming shows the recovery codes once', async () => {
    signInAdmin();
    server.use(http.get('/api/marketplace/second-factor', () => HttpResponse.json({ state: 'none', totp: false, passkeys: 0 })));
    answerSetup();
    const user = userEvent.setup();
    renderPage(AuthenticatorPanel, '/account');
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent('abcd0-efgh0');
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I saved them' }));
    expect(await screen.findByText('An authenticator app is set up for this account.')).toBeInTheDocument();
    expect(screen.queryByText('abcd0-efgh0')).toBeNull();
  });

  it('when the user is a player, then there is no authenticator panel', async () => {
    signInTestUser('player');
    server.use(http.get('/api/marketplace/second-factor', () => HttpResponse.json({ state: 'none', totp: false, passkeys: 0 })));
    renderPage(
      () => (
        <>
          <p>Account stub</p>
          <AuthenticatorPanel />
        </>
      ),
      '/account',
    );
    expect(await screen.findByText('Account stub')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Authenticator app' })).toBeNull();
  });
});

describe('SecondFactorGate recovery codes (issue 52.5)', () => {
  const Gated = () => (
    <SecondFactorGate onClose={() => {}}>
      <p>Admin Control stub</p>
    </SecondFactorGate>
  );

  it('when a forced set-up is confirmed, then the recovery codes are shown before Admin Control opens', async () => {
    signInAdmin();
    server.use(http.get('/api/marketplace/second-factor', () => HttpResponse.json({ state: 'setup', totp: false, passkeys: 0 })));
    answerSetup();
    const user = userEvent.setup();
    renderPage(Gated, '/gated');
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toHaveTextContent('abcd9-efgh9');
    expect(screen.queryByText('Admin Control stub')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I saved them' }));
    expect(await screen.findByText('Admin Control stub')).toBeInTheDocument();
  });

  it('when the phone is lost, then a recovery code can be given instead of the 6-digit code', async () => {
    signInAdmin();
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
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd3-efgh3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Admin Control stub')).toBeInTheDocument();
    expect(sent).toEqual({ code: 'abcd3-efgh3' });
  });
});
