import { useLingui } from '@/lib/i18n/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { IconButton } from './button';

/** Fired on window when a dialog enters the top layer, so what must stay above dialogs can raise itself again. */
export const TOP_LAYER_CHANGED = 'blockspin:top-layer-changed';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called on Escape, the close × and a backdrop tap. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons in the footer. */
  actions?: ReactNode;
  /** Shown before the title, e.g. a back arrow in admin sub-views. */
  leading?: ReactNode;
  /** Hide the close ×. */
  hideClose?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'full';
  /** role="alertdialog" for confirmations. */
  alert?: boolean;
  description?: ReactNode;
}

/** What a tap or click last activated, and when: Safari and iOS do not focus a button that is tapped. */
let lastActivated: { element: HTMLElement; at: number } | null = null;
/** A dialog opened this long after a tap counts that tap's control as its opener. */
const OPENER_WINDOW_MS = 3_000;
/** The field a dialog opens on: one marked, else the first text-like field. */
const FIRST_FIELD = [
  '[data-autofocus]',
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=button]):not([type=submit]):not(:disabled):not([readonly])',
  'textarea:not(:disabled):not([readonly])',
  'select:not(:disabled)',
].join(', ');
const ACTIVATABLE = 'button, a[href], input, select, textarea, summary, [role="button"], [role="tab"], [tabindex]';

if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      const element = event.target instanceof Element ? event.target.closest<HTMLElement>(ACTIVATABLE) : null;
      if (element) lastActivated = { element, at: Date.now() };
    },
    { capture: true },
  );
}

/**
 * The control a dialog returns focus to: the focused one, or, when a tap left focus on the page itself (Safari, iOS,
 * a script's click()), the control just tapped.
 */
function openerOfDialog(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !(active instanceof HTMLDialogElement)) return active;
  if (lastActivated && lastActivated.element.isConnected && Date.now() - lastActivated.at < OPENER_WINDOW_MS) return lastActivated.element;
  return active instanceof HTMLElement ? active : null;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus is trapped),
 * Escape closes it, and screen readers announce it by its title.
 */
export function Dialog({ open, title, onClose, children, actions, leading, hideClose, size = 'sm', alert, description }: DialogProps) {
  const { _ } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Focus goes back to the control that opened the dialog when it closes (the element is unmounted rather than
  // closed, so the browser's own restoring does not happen).
  useEffect(() => {
    if (!open) return;
    const opener = openerOfDialog();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // showModal() focuses the first focusable element, the close ×, so Enter closed the quantity dialog (issue 30):
      // the first field takes focus instead, and Enter submits its form.
      dialog.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
      window.dispatchEvent(new Event(TOP_LAYER_CHANGED));
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  // The toasts follow the topmost dialog: they hear when one leaves (closed, or unmounted while open).
  useEffect(() => {
    if (!open) return;
    return () => {
      queueMicrotask(() => window.dispatchEvent(new Event(TOP_LAYER_CHANGED)));
    };
  }, [open]);

  if (!open) return null;
  return (
    <Panel
      ref={ref}
      $size={size}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape closes the topmost dialog only: React passes a nested dialog's cancel up to this one's handler.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Inner>
        <Header>
          {leading}
          <Title id={titleId}>{title}</Title>
          {!hideClose && (
            <IconButton type="button" aria-label={_('Close')} onClick={onClose}>
              ×
            </IconButton>
          )}
        </Header>
        {description && <Description id={descriptionId}>{description}</Description>}
        <Body>{children}</Body>
        {actions && <Actions>{actions}</Actions>}
      </Inner>
    </Panel>
  );
}

const widths = { sm: '26rem', md: '38rem', lg: '60rem', full: '72rem' } as const;

const Panel = styled.dialog<{ $size: keyof typeof widths }>`
  padding: 0;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  width: min(${({ $size }) => widths[$size]}, calc(100vw - 1.5rem - env(safe-area-inset-left) - env(safe-area-inset-right)));
  /* Clear of the notch and the home bar when installed (zero in a browser tab), and below the Offline pill while it
     shows (--offline-room, set by the pill: the dialog is centred in what is left). */
  top: var(--offline-room, 0px);
  max-height: calc(100dvh - 1.5rem - var(--offline-room, 0px) - env(safe-area-inset-top) - env(safe-area-inset-bottom));
  overflow: hidden;
  /* Dimmed, not blurred: a blurred backdrop is drawn again at every frame the page or a dialog above it changes — at
     4× CPU it was most of the 450–1,000 ms it took to open a details dialog inside Admin Control (docs/ADMIN-UI.md),
     and a cheap phone pays it at every tap in any dialog. */
  &::backdrop {
    background: ${({ theme }) => theme.color.backdrop};
  }
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  max-height: calc(100dvh - 1.5rem - var(--offline-room, 0px) - env(safe-area-inset-top) - env(safe-area-inset-bottom));
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(2)};
`;

const Title = styled.h2`
  flex: 1;
  font-size: 1.2rem;
`;

const Description = styled.p`
  margin: 0;
  padding: 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Body = styled.div`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  overflow: auto;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  justify-content: flex-end;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  & > * {
    flex: 1;
  }
`;
