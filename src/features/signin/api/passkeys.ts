import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { SessionUser } from '@/domain/schemas/auth';
import type { PasskeyInfo, SecondFactorStatus } from '@/domain/schemas/signin';
import { apiRequest } from '@/lib/api-client';
import { SECOND_FACTOR_KEY, secondFactorPassed } from './second-factor';

export const PASSKEYS_KEY = ['passkeys'] as const;

// The WebAuthn helpers load only when a passkey is used: the login screen's first download stays as it was.
const webAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all, and whether it offers them in the username field (conditional UI). */
export async function passkeySupport(): Promise<{ any: boolean; autofill: boolean }> {
  const { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } = await webAuthn();
  const any = browserSupportsWebAuthn();
  return { any, autofill: any && (await browserSupportsWebAuthnAutofill()) };
}

/** GET /api/marketplace/passkeys: the account's passkeys. */
export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: PASSKEYS_KEY,
    queryFn: ({ signal }) => apiRequest<PasskeyInfo[]>('/api/marketplace/passkeys', { signal }),
  });
}

/** Adds a passkey on this device: the server's options, the browser's ceremony (Face ID, a fingerprint…), then the check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startRegistration } = await webAuthn();
      const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('/api/marketplace/passkeys/register-options', {
        method: 'POST',
        body: {},
      });
      const response = await startRegistration({ optionsJSON });
      return apiRequest<PasskeyInfo[]>('/api/marketplace/passkeys', { method: 'POST', body: { response } });
    },
    onSuccess: (list) => {
      queryClient.setQueryData(PASSKEYS_KEY, list);
      // For an admin, adding a passkey on this device is the second factor too.
      void queryClient
        .fetchQuery({
          queryKey: SECOND_FACTOR_KEY,
          queryFn: () => apiRequest<SecondFactorStatus>('/api/marketplace/second-factor'),
        })
        .then(
          (status) => status.state === 'passed' && secondFactorPassed(queryClient, status),
          () => undefined,
        );
    },
  });
}

/** DELETE /api/marketplace/passkeys/{id} (the authenticator keeps its copy; it simply no longer signs in here). */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PasskeyInfo[]>(`/api/marketplace/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (list) => queryClient.setQueryData(PASSKEYS_KEY, list),
  });
}

/**
 * Signs in with a passkey. `autofill` waits for the player to pick one from the username field's suggestions
 * (conditional UI) and may wait for as long as the page is open; otherwise the browser asks at once.
 */
export async function signInWithPasskey(autofill: boolean): Promise<SessionUser> {
  const { startAuthentication } = await webAuthn();
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('/api/marketplace/passkeys/login-options', {
    method: 'POST',
    body: {},
    handle401: false,
  });
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return apiRequest<SessionUser>('/api/marketplace/passkeys/login', { method: 'POST', body: { response }, handle401: false });
}
