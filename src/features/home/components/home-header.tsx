import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { IconButton } from '@/components/button';
import { GearIcon, LogoutIcon, ShieldIcon } from '@/components/icons';
import { UnreadBadge } from '@/components/conversation/unread-badge';
import { useGreeting } from '@/lib/greeting';
import { useLingui } from '@/lib/i18n/react';

export interface HomeHeaderProps {
  username: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** Players' messages not yet read, on the Admin button. */
  unread: number;
  onAdmin: () => void;
  onSettings: () => void;
  onLogout: () => void;
  /** The Admin button's and the gear's live counts (drawn only for those who see them). */
  adminBadge?: () => ReactNode;
  settingsBadge?: () => ReactNode;
}

/** The greeting and the player's name; Admin and the settings gear by role; Logout. */
export function HomeHeader({
  username,
  isAdmin,
  isSuperAdmin,
  unread,
  onAdmin,
  onSettings,
  onLogout,
  adminBadge,
  settingsBadge,
}: HomeHeaderProps) {
  const { _ } = useLingui();
  const greeting = useGreeting(username);
  return (
    <Top>
      <Hello>
        <img src="/icons/icon.svg" alt="" width={40} height={40} />
        <div>
          <small>{_(greeting)}</small>
          <strong>{username}</strong>
        </div>
      </Hello>
      {isAdmin && (
        <AdminButton type="button" onClick={onAdmin}>
          <ShieldIcon size={20} />
          {_('Admin')}
          <UnreadBadge count={unread} />
          {adminBadge?.()}
        </AdminButton>
      )}
      {isSuperAdmin && (
        <GearButton type="button" aria-label={_('Super Admin Settings')} onClick={onSettings}>
          <GearIcon size={20} />
          {settingsBadge?.()}
        </GearButton>
      )}
      {/* The one Logout of the screen, named in words where a new player looks for it. */}
      <LogoutButton type="button" aria-label={_('Logout')} $compact={isAdmin} onClick={onLogout}>
        <LogoutIcon size={18} /> <span>{_('Logout')}</span>
      </LogoutButton>
    </Top>
  );
}

const Top = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
`;

const Hello = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  img {
    border-radius: 10px;
    flex: none;
  }
  div {
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.8rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  strong {
    font-size: 1.05rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

/** The gear carries its badge on its corner. */
const GearButton = styled(IconButton)`
  position: relative;
`;

const AdminButton = styled.button`
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.accent};
  background: color-mix(in srgb, ${({ theme }) => theme.color.accent} 16%, transparent);
  color: ${({ theme }) => theme.color.accent};
  font-weight: 800;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1.5)};
`;

/** Named in words; an admin's phone, whose header also holds Admin and settings, shows the icon alone. */
const LogoutButton = styled.button<{ $compact: boolean }>`
  flex: none;
  min-height: ${({ theme }) => theme.touch};
  min-width: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(3)};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: 700;
  ${({ $compact }) =>
    $compact &&
    css`
      @media (max-width: 479px) {
        padding: 0;
        span {
          display: none;
        }
      }
    `}
`;
