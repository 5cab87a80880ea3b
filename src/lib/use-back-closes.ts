// Back closes the open dialog (issue 47.4): on a phone, Back (a button or a swipe) closes the dialog on screen
// instead of leaving the screen behind it. Built on the router's own blocker: a Back while the dialog is open is
// held, the dialog closes, and the router puts the address back, so no history entry of our own is ever added or
// taken out (an entry taken out after a close raced the navigation that followed it).
import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';

/**
 * While `open`, a Back calls `onBack` (which closes the dialog) and the screen stays. Use once per flow shown as one
 * dialog at a time (a cart whose views follow each other is one).
 */
export function useBackCloses(open: boolean, onBack: () => void): void {
  const latest = useRef(onBack);
  latest.current = onBack;
  const isOpen = useRef(open);
  isOpen.current = open;
  useBlocker({
    shouldBlockFn: ({ action }) => {
      if (!isOpen.current || action !== 'BACK') return false;
      latest.current();
      return true;
    },
    enableBeforeUnload: false,
    disabled: !open,
  });
}
