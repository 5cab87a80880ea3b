import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from '@/test/providers';
import { PasskeyLogin } from './passkey-login';

// How the next passkey request ends (a plain function: a vi.fn's bookkeeping left its rejection unhandled).
const api = vi.hoisted(() => ({ failure: null as unknown, calls: [] as boolean[] }));
vi.mock('../api/passkeys', () => ({
  passkeySupport: async () => ({ any: true, autofill: true }),
  signInWithPasskey: (autofill: boolean) => {
    api.calls.push(autofill);
    return new Promise((_resolve, reject) => reject(api.failure));
  },
}));

const renderLogin = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <PasskeyLogin onSignedIn={() => {}} />
    </AppProviders>,
  );

beforeEach(() => {
  api.calls.length = 0;
  api.failure = null;
});

describe('the login screen’s passkey suggestions', () => {
  it.each(['SecurityError', 'NotSupportedError', 'NotAllowedError', 'AbortError'])(
    'when the browser ends the request nobody asked for (%s), then nothing is said',
    async (name) => {
      api.failure = Object.assign(new Error('no'), { name });
      renderLogin();
      await screen.findByRole('button', { name: 'Sign in with a passkey' });
      await waitFor(() => expect(api.calls).toEqual([true]));
      // The rejection is handled within the same task; a message would be drawn by the next one.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText(/did not work|cancelled/)).not.toBeInTheDocument();
    },
  );

  it('when the server refuses the passkey the player picked, then its reason shows', async () => {
    api.failure = new ApiError(401, '401: That passkey is not known', 'That passkey is not known', null, 'Unauthorized');
    renderLogin();
    expect(await screen.findByText('That passkey is not known')).toBeInTheDocument();
  });
});
