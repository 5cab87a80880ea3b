import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { IconButton } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { fromTablet } from '@/components/theme';
import { formatDateTime } from '@/lib/format-date';
import { whenIdle } from '@/lib/when-idle';
import { invalidateAdminLists } from '../api/keys';
import { useAdminLive } from '../api/use-admin-live';
import { AdminAlertProvider } from './admin-alert';
import { AdminMenu } from './admin-menu';
import { AdminSubView, viewTitle, type AdminView } from './admin-views';
import { useLingui } from '@/lib/i18n/react';

/**
 * Admin Control: a full-screen modal on phones, a large panel on tablets. Which screen shows is `view` (its route's
 * address: src/routes/admin.tsx) and `children` draw it (the route's outlet). Loaded only through the admin routes'
 * lazy import, so customers never download admin code. Lists stay live while it is open.
 */
export function AdminControl({
  open,
  onClose,
  view,
  onOpen,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The screen showing. */
  view: AdminView;
  /** Opens another screen (Back to Admin Control: the menu). */
  onOpen: (view: AdminView) => void;
  /** The screen's body (AdminScreenBody). */
  children: ReactNode;
}) {
  const { _ } = useLingui();
  // A tap on the menu (or Back) paints at once — the new title and back arrow over an empty body — and the screen
  // itself is drawn just after, from the deferred view: mounting a list or the menu is the heavy part of the tap.
  const shown = useDeferredValue(view.name);
  const queryClient = useQueryClient();
  useAdminLive(open);

  // While closed the socket is not listened to and nothing polls, so whatever is cached may be out of date:
  // on closing, mark the admin lists stale, and the next opening shows them at once and refetches them.
  useEffect(() => () => void invalidateAdminLists(queryClient, { refetchType: 'none' }), [queryClient]);

  // The lists' date formatter loads the locale's data when first made (36–70 ms at 4× CPU): made while the menu
  // is idle, so the first list opened does not pay for it.
  useEffect(() => (open ? whenIdle(() => void formatDateTime(new Date().toISOString())) : undefined), [open]);

  useEffect(() => {
    if (!open) return;
    // A modal <dialog> does not stop the page behind it from scrolling on phones.
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  return (
    <FullScreenOnPhones>
      <Dialog
        open={open}
        size="full"
        title={viewTitle(view)}
        onClose={onClose}
        leading={
          view.name !== 'menu' && (
            <IconButton type="button" aria-label={_('Back to Admin Control')} onClick={() => onOpen({ name: 'menu' })}>
              ←
            </IconButton>
          )
        }
      >
        <AdminAlertProvider>{shown !== view.name ? <div aria-busy="true" /> : children}</AdminAlertProvider>
      </Dialog>
    </FullScreenOnPhones>
  );
}

/** The body of one screen: the menu (with `menuExtra` under it: the notifications offer) or a list. */
export function AdminScreenBody({
  view,
  onOpen,
  menuExtra,
}: {
  view: AdminView;
  onOpen: (view: AdminView) => void;
  menuExtra?: ReactNode;
}) {
  if (view.name !== 'menu') return <AdminSubView view={view} onOpen={onOpen} />;
  return (
    <>
      <AdminMenu onOpen={onOpen} />
      {menuExtra}
    </>
  );
}

// The shared Dialog sizes itself for forms; here the outer <dialog> fills a phone and most of a tablet, below the
// Offline pill's room while it shows (--offline-room: the pill covers neither the title nor the selection bar).
// Its backdrop is dimmed, never blurred (src/components/dialog.tsx): a blurred backdrop cost 200–500 ms of each tap and
// keystroke here at 4× CPU (issue 33 item 6, docs/ADMIN-UI.md).
const FullScreenOnPhones = styled.div`
  display: contents;
  & > dialog {
    width: 100vw;
    max-width: 100vw;
    height: calc(100dvh - var(--offline-room, 0px));
    max-height: calc(100dvh - var(--offline-room, 0px));
    border-radius: 0;
    border: none;
  }
  & > dialog > div {
    height: 100%;
    max-height: calc(100dvh - var(--offline-room, 0px));
  }
  ${fromTablet} {
    & > dialog {
      width: min(72rem, calc(100vw - 3rem));
      max-width: calc(100vw - 3rem);
      height: calc(100dvh - 3rem - var(--offline-room, 0px));
      max-height: calc(100dvh - 3rem - var(--offline-room, 0px));
      border-radius: ${({ theme }) => theme.radius.lg};
      border: 1px solid ${({ theme }) => theme.color.border};
    }
    & > dialog > div {
      max-height: calc(100dvh - 3rem - var(--offline-room, 0px));
    }
  }
`;
