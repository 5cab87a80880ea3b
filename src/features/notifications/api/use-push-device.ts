import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { friendlyBrowserError } from '../lib/browser-error';
import { currentSubscription, disablePush, enablePush, pushSupport, type PushSupport } from '@/lib/push-client';

export interface PushDevice {
  support: PushSupport;
  /** Whether this device receives notifications now; null while it is being found out. */
  enabled: boolean | null;
  busy: boolean;
  error: string | null;
  enable(): Promise<boolean>;
  disable(): Promise<void>;
}

const messageOf = (error: unknown) =>
  friendlyBrowserError(error, 'Notifications could not be changed. Check your connection and try again.');

/** This device's notification state, and turning it on (from a tap) or off. */
export function usePushDevice(): PushDevice {
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (!support.ok) {
      setEnabled(false);
      return;
    }
    currentSubscription()
      .then(async (subscription) => {
        if (!live) return;
        const on = !!subscription && Notification.permission === 'granted';
        setEnabled(on);
        // Registered again each time: the server ties a device to the session, so after a new sign-in it counts again.
        if (on)
          await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription!.toJSON(), handle401: false }).catch(
            () => undefined,
          );
      })
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
  }, [support.ok]);

  const enable = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const granted = await enablePush();
      setSupport(pushSupport());
      setEnabled(granted);
      return granted;
    } catch (caught) {
      setError(messageOf(caught));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  const disable = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      await disablePush();
      setEnabled(false);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  }, []);

  return { support, enabled, busy, error, enable, disable };
}
