import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearCurrentUser, getCurrentUserName } from '@/lib/current-user';
import { forgetUserData } from '@/lib/forget-user';
import { forgetPushOnLogout } from '@/lib/push-client';

/** POST /api/marketplace/logout: ends the session and clears its cookie. */
export function logout(): Promise<void> {
  return apiRequest<void>('/api/marketplace/logout', { method: 'POST', handle401: false });
}

/** Logs out; the stored user and cached data are cleared even when the server cannot be reached. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch {
        // Offline or already signed out: signing out locally is still what the user asked for.
      }
      // The server forgot this device with the session; the browser's subscription goes too.
      await forgetPushOnLogout();
      // Done before the screen changes: the next person on this device finds none of it (issue 29.6).
      await forgetUserData(getCurrentUserName());
    },
    onSettled: () => {
      clearCurrentUser();
      queryClient.clear();
    },
  });
}
