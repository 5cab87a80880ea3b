import { useEffect } from 'react';
import { useCurrentUserName } from '@/lib/current-user';
import { triggerDrain } from '@/lib/outbox/triggers';
import { OfflineIndicator } from './offline-indicator';
import { UpdatePrompt } from './update-prompt';

/** Mounted once in the root layout: the offline pill, the update prompt, and a drain after each login. */
export function OfflineLayer() {
  const username = useCurrentUserName();
  useEffect(() => {
    // Items kept for a 401 go out as soon as their player is signed in again.
    if (username) void triggerDrain();
  }, [username]);
  return (
    <>
      <OfflineIndicator />
      <UpdatePrompt />
    </>
  );
}
