import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import styled, { css } from 'styled-components';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toast-store';

/** Swiping right past this many pixels dismisses a toast. */
export const SWIPE_THRESHOLD = 50;

/** The notification region: F8 focuses it, the open toast closes itself after its duration. */
export function Toaster() {
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

  return (
    <Region ref={regionRef} tabIndex={-1} aria-label="Notification" role="region">
      {toasts
        .filter((toast) => toast.open)
        .map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
    </Region>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);

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
        start.current = event.clientX;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (start.current !== null) setDx(Math.max(0, event.clientX - start.current));
      }}
      onPointerUp={() => {
        if (dx > SWIPE_THRESHOLD) dismissToast(toast.id);
        start.current = null;
        setDx(0);
      }}
      onPointerCancel={() => {
        start.current = null;
        setDx(0);
      }}
    >
      <div>
        {toast.title && <strong>{toast.title}</strong>}
        <p>{toast.description}</p>
      </div>
      <Close type="button" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        ×
      </Close>
    </Item>
  );
}

const Region = styled.ol`
  position: fixed;
  z-index: 1000;
  right: 0;
  bottom: 0;
  margin: 0;
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
          background: #3a1520;
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

const Close = styled.button`
  background: none;
  border: none;
  color: inherit;
  font-size: 1.3rem;
  min-width: 44px;
  min-height: 44px;
  margin: -10px -12px -10px 0;
`;
