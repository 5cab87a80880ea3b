import { useLingui } from '@/lib/i18n/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';
import { TOP_LAYER_CHANGED } from './dialog';
import { forwardTapBelow } from './forward-tap';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toast-store';

/** A pointer that moved less than this is a tap, not a swipe. */
const TAP_SLOP = 10;

/** Swiping right past this many pixels dismisses a toast. */
export const SWIPE_THRESHOLD = 50;

/** The notification region: F8 focuses it, the open toast closes itself after its duration. */
export function Toaster() {
  const { _ } = useLingui();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // An open modal dialog sits in the browser's top layer, above every z-index, and makes the rest of the page inert
  // (issue 30: "Saved — waiting to send" was drawn under Admin Control, and a toast raised as a popover above it was
  // seen but could not be tapped). While one is open, the region is drawn inside the topmost dialog instead.
  const host = useTopDialog();
  const region = (
    <Region ref={regionRef} tabIndex={-1} aria-label={_('Notification')} role="region" data-testid="toast-region">
      {toasts
        .filter((toast) => toast.open)
        .map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
    </Region>
  );
  return host ? createPortal(region, host) : region;
}

/** The topmost open modal dialog, followed as dialogs open and close (Dialog announces both). */
function useTopDialog(): HTMLDialogElement | null {
  const [top, setTop] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const find = () => {
      const open = [...document.querySelectorAll('dialog')].filter((dialog) => dialog.open && isModal(dialog));
      setTop(open.at(-1) ?? null);
    };
    find();
    window.addEventListener(TOP_LAYER_CHANGED, find);
    return () => window.removeEventListener(TOP_LAYER_CHANGED, find);
  }, []);
  return top;
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    // A browser without :modal (older WebKit): an open dialog of ours is always modal.
    return true;
  }
}

function ToastItem({ toast }: { toast: Toast }) {
  const { _ } = useLingui();
  const [dx, setDx] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration]);

  return (
    <Item
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
      $variant={toast.variant}
      style={{ transform: `translateX(${dx}px)`, opacity: dx > 0 ? Math.max(0.2, 1 - dx / 200) : 1 }}
      onPointerDown={(event) => {
        start.current = { x: event.clientX, y: event.clientY };
        swiped.current = false;
      }}
      onPointerMove={(event) => {
        if (start.current === null) return;
        const moved = event.clientX - start.current.x;
        if (!swiped.current && (Math.abs(moved) > TAP_SLOP || Math.abs(event.clientY - start.current.y) > TAP_SLOP)) {
          swiped.current = true;
          // Captured only once it is a swipe: a capture from the first touch sent the × button's click to the toast.
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }
        if (swiped.current) setDx(Math.max(0, moved));
      }}
      onPointerUp={() => {
        if (dx > SWIPE_THRESHOLD) dismissToast(toast.id);
        start.current = null;
        setDx(0);
      }}
      onClick={(event) => {
        // A tap on the toast's text was meant for what lies under it (issue 30: "Added … to your cart" covered the
        // bottom 60 px and swallowed a tap on Hacking): the toast closes and the tap goes through.
        if (swiped.current || (event.target instanceof Element && event.target.closest('button'))) return;
        dismissToast(toast.id);
        forwardTapBelow(event.currentTarget, event.clientX, event.clientY);
      }}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
    >
      <div>
        {toast.title && <strong>{_(toast.title)}</strong>}
        <p>{_(toast.description)}</p>
      </div>
      {toast.action && (
        <ActionButton
          type="button"
          onClick={() => {
            dismissToast(toast.id);
            toast.action?.onAction();
          }}
        >
          {_(toast.action.label)}
        </ActionButton>
      )}
      <Close type="button" aria-label={_('Dismiss notification')} onClick={() => dismissToast(toast.id)}>
        ×
      </Close>
    </Item>
  );
}

const Region = styled.ol`
  position: fixed;
  z-index: 1000;
  inset: auto 0 0 auto;
  margin: 0;
  border: none;
  background: transparent;
  color: inherit;
  overflow: visible;
  height: auto;
  padding: ${({ theme }) => theme.space(3)};
  padding-bottom: calc(${({ theme }) => theme.space(3)} + env(safe-area-inset-bottom));
  list-style: none;
  width: min(100%, 26rem);
  pointer-events: none;
  outline: none;
  & > * {
    pointer-events: auto;
  }
`;

const Item = styled.li<{ $variant: Toast['variant'] }>`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow.card};
  touch-action: pan-y;
  transition: transform 0.15s ease;
  ${({ theme, $variant }) =>
    $variant === 'destructive'
      ? css`
          border-color: ${theme.color.danger};
          background: ${theme.color.dangerSurface};
        `
      : $variant === 'success'
        ? css`
            border-color: ${theme.color.success};
          `
        : ''}
  & > div {
    flex: 1;
  }
  p {
    margin: 0;
  }
  strong {
    display: block;
    margin-bottom: 2px;
  }
`;

const ActionButton = styled.button`
  align-self: center;
  min-height: 44px;
  min-width: 64px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.color.primaryInk};
  background: transparent;
  color: ${({ theme }) => theme.color.primaryInk};
  font-weight: 700;
  font-size: 1rem;
`;

const Close = styled.button`
  background: none;
  border: none;
  color: inherit;
  font-size: 1.3rem;
  min-width: 44px;
  min-height: 44px;
  margin: -10px -12px -10px 0;
`;
