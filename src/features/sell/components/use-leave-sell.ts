import { useBlocker } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { getCurrentUserName } from '@/lib/current-user';
import { clearSellDraft } from '../lib/sell-draft';

/**
 * Leaving with a photo asks first (the draft is kept either way, so Forward or a later visit finds it); while a sell
 * is being sent, leaving does not ask. The props of the question's dialog.
 */
export function useLeaveSell(hasPhoto: RefObject<unknown>, inFlight: RefObject<boolean>, restart: () => void) {
  const leaving = useBlocker({
    shouldBlockFn: () => hasPhoto.current !== null && !inFlight.current,
    enableBeforeUnload: false,
    withResolver: true,
  });
  return {
    open: leaving.status === 'blocked',
    onStay: () => leaving.reset?.(),
    onLeave: () => leaving.proceed?.(),
    onDiscard: () => {
      const username = getCurrentUserName();
      restart();
      void (username ? clearSellDraft(username) : Promise.resolve()).then(() => leaving.proceed?.());
    },
  };
}
