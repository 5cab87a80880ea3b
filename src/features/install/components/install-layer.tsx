import { useEffect } from 'react';
import { askPersistentStorage, isStandalone } from '@/lib/install-prompt';
import { useAppBadge } from '../lib/use-app-badge';

/** Mounted once in the root layout: the app icon's badge, and persistent storage asked once the app runs installed. */
export function InstallLayer() {
  useAppBadge();
  useEffect(() => {
    if (isStandalone()) void askPersistentStorage().catch(() => undefined);
  }, []);
  return null;
}
