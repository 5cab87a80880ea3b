import { useLingui } from '@/lib/i18n/react';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { TOP_LAYER_CHANGED } from '@/components/dialog';
import { useOnlineStatus } from './use-online-status';

export const OFFLINE_TEXT = 'Offline';
export const OFFLINE_HINT = 'You are offline. The shop still works; what you send is saved and goes out when you are back online.';
export const BACK_ONLINE_TEXT = 'Back online';

/**
 * The strip the pill takes at the top of the screen while a modal dialog is open (the pill's 2 px from the top, its
 * height at 0.8125 rem text, and a gap). While the pill shows, the page's root carries it as `--offline-room`, and
 * dialogs start below it (components/dialog.tsx, Admin Control): the pill covers neither a dialog's title nor the bar
 * under it (Admin Control's selection bar on a phone).
 */
export const OFFLINE_ROOM = 'calc(env(safe-area-inset-top, 0px) + 2.5rem)';

const SUPPORTS_POPOVER = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/** A small pill at the bottom corner while offline, and briefly 'Back online' when the network returns. */
export function OfflineIndicator() {
  const { _ } = useLingui();
  const online = useOnlineStatus();
  const [showBack, setShowBack] = useState(false);
  const wasOffline = useRef(!online);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setShowBack(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setShowBack(true);
    const timer = setTimeout(() => setShowBack(false), 3000);
    return () => clearTimeout(timer);
  }, [online]);

  const visible = !online || showBack;
  const pill = useRef<HTMLDivElement>(null);
  // An open dialog is in the browser's top layer, above every z-index: the pill joins the top layer as a popover, and
  // is raised again each time a dialog opens, so "Offline" stays visible above Admin Control and its confirmations.
  useEffect(() => {
    const element = pill.current as (HTMLDivElement & { showPopover?: () => void; hidePopover?: () => void }) | null;
    if (!visible || !element?.showPopover) return;
    const raise = () => {
      if (element.matches(':popover-open')) element.hidePopover?.();
      element.showPopover?.();
    };
    raise();
    window.addEventListener(TOP_LAYER_CHANGED, raise);
    return () => window.removeEventListener(TOP_LAYER_CHANGED, raise);
  }, [visible]);

  // Room for the pill at the top while it shows (used only by open dialogs; the page's own top is clear of it).
  useEffect(() => {
    if (!visible) return;
    const root = document.documentElement;
    root.style.setProperty('--offline-room', OFFLINE_ROOM);
    return () => void root.style.removeProperty('--offline-room');
  }, [visible]);

  if (!visible) return null;
  return (
    <Pill
      ref={pill}
      popover={SUPPORTS_POPOVER ? 'manual' : undefined}
      role="status"
      aria-live="polite"
      title={online ? undefined : OFFLINE_HINT}
      data-testid="offline-indicator"
      $online={online}
    >
      <Dot aria-hidden $online={online} />
      {_(online ? BACK_ONLINE_TEXT : OFFLINE_TEXT)}
      {!online && <Hidden>. {_(OFFLINE_HINT)}</Hidden>}
    </Pill>
  );
}

const Pill = styled.div<{ $online: boolean }>`
  position: fixed;
  inset: auto auto auto auto;
  margin: 0;
  overflow: visible;
  left: ${({ theme }) => theme.space(3)};
  bottom: calc(${({ theme }) => theme.space(3)} + env(safe-area-inset-bottom, 0px));
  z-index: 60;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(1.5)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.8125rem;
  font-weight: 600;
  box-shadow: ${({ theme }) => theme.shadow.card};
  pointer-events: none;
  /* Above an open dialog the bottom corner is the dialog's (issue 30: the pill covered its corner and buttons): the
     pill moves to the top centre, into the room dialogs leave it (--offline-room), so it covers nothing. */
  html:has(dialog:modal) & {
    top: calc(env(safe-area-inset-top, 0px) + 2px);
    bottom: auto;
    left: 50%;
    transform: translateX(-50%);
  }
`;

const Dot = styled.span<{ $online: boolean }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ theme, $online }) => ($online ? theme.color.success : theme.color.warning)};
`;

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
