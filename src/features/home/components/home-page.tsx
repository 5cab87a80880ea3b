import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Page } from '@/components/page-header';
import { useCurrentUserName } from '@/lib/current-user';
import { useUnreadCounts } from '@/lib/conversation/use-conversation-live';
import { useLogout } from '../api/logout';
import type { AdminScreens } from './admin-screens';
import { HomeHeader } from './home-header';
import { HomeTiles } from './home-tiles';
import { LogoutDialog } from './logout-dialog';
import { StorePreview } from './store-preview';
import { useAdminEntry } from './use-admin-entry';

export type { AdminScreens } from './admin-screens';

/**
 * The signed-in home: Buy, Sell, Trade, Account, Logout, the Admin and settings buttons by role, Store Preview;
 * `children` is drawn over it (Admin Control on its route).
 */
export function HomePage({ admin, children }: { admin?: AdminScreens; children?: ReactNode } = {}) {
  const { _ } = useLingui();
  const username = useCurrentUserName() ?? '';
  const navigate = useNavigate();
  const entry = useAdminEntry(username, admin);
  // For an admin: players' messages not yet read (on the Admin button); for a player: the admins' (on Account).
  const unread = useUnreadCounts(Boolean(username))?.total ?? 0;
  const logout = useLogout();
  const [confirmLogout, setConfirmLogout] = useState(false);

  return (
    <Page>
      <HomeHeader
        username={username}
        isAdmin={entry.isAdmin}
        isSuperAdmin={entry.isSuperAdmin}
        unread={unread}
        onAdmin={entry.openControl}
        onSettings={entry.openSettings}
        onLogout={() => setConfirmLogout(true)}
        adminBadge={admin?.badge}
        settingsBadge={admin?.settingsBadge}
      />

      <Headline>
        <h1>
          {/* The brand, the same in every language. */}
          {'Blockspin'} <b>{'Market'}</b>
        </h1>
        <p>{_('What do you want to do today?')}</p>
      </Headline>

      <HomeTiles unreadOnAccount={entry.isAdmin ? null : unread} />

      <StorePreview />

      <Guarantee>
        <Trans
          id="<0>Pickup promise:</0> if we miss a promised pickup time, your account is credited 25% of the order."
          components={{ 0: <strong /> }}
        />
      </Guarantee>

      <LogoutDialog
        open={confirmLogout}
        pending={logout.isPending}
        onCancel={() => setConfirmLogout(false)}
        onConfirm={() =>
          logout.mutate(undefined, {
            onSettled: () => {
              setConfirmLogout(false);
              void navigate({ to: '/', replace: true });
            },
          })
        }
      />
      {children}
      {entry.settings}
    </Page>
  );
}

const Headline = styled.div`
  padding: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(5)};
  h1 {
    font-size: clamp(1.9rem, 8vw, 2.6rem);
    font-weight: 900;
    letter-spacing: -0.02em;
  }
  b {
    color: ${({ theme }) => theme.color.accent};
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Guarantee = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
  strong {
    color: ${({ theme }) => theme.color.text};
  }
`;
