import { useLingui } from '@/lib/i18n/react';
import { Trans } from '@/lib/i18n/trans';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { IconButton } from '@/components/button';
import { ComingSoonBubble, useComingSoon } from '@/components/coming-soon-bubble';
import { CartIcon, GearIcon, LogoutIcon, ShieldIcon, SwapIcon, TagIcon, UserIcon } from '@/components/icons';
import { Page } from '@/components/page-header';
import { getUserData, setCurrentUser, useCurrentUserName } from '@/lib/current-user';
import { UnreadBadge } from '@/components/conversation/unread-badge';
import { useUnreadCounts } from '@/lib/conversation/use-conversation-live';
import { useAdminStatus } from '../api/get-admin-status';
import { useLogout } from '../api/logout';
import { LogoutDialog } from './logout-dialog';
import { StorePreview } from './store-preview';
import { HomeTile, TileButton, TileLink } from './home-tile';
import { useGreeting } from '@/lib/greeting';

/** Admin Control lists a link may open; `control` opens its menu (the installed app's Admin Control shortcut). */
export type AdminScreen = 'control' | 'pending' | 'submissions' | 'outbox';

/**
 * The admin screens home opens. They belong to other features, so src/routes passes them in: home decides only when
 * they show. `prepare` runs once the role is known (an admin's device fetches their code and lists ahead).
 */
export interface AdminScreens {
  prepare: (role: { isSuperAdmin: boolean }) => void;
  control: (props: { initialView?: Exclude<AdminScreen, 'control'>; onClose: () => void }) => ReactNode;
  settings: (props: { onClose: () => void }) => ReactNode;
  /** The Admin button's live count of what waits (admins only). */
  badge?: () => ReactNode;
  /** The settings gear's count of disputes to decide (the super admin only; issue 47.6). */
  settingsBadge?: () => ReactNode;
}

/** The signed-in home: Buy, Sell, Trade, Account, Logout, the Admin and settings buttons by role, Store Preview. */
export function HomePage({ openAdmin, admin }: { openAdmin?: AdminScreen; admin?: AdminScreens } = {}) {
  const { _ } = useLingui();
  const username = useCurrentUserName() ?? '';
  const greeting = useGreeting(username);
  const navigate = useNavigate();
  const { isAdmin, isSuperAdmin } = useAdminStatus(username);
  // For an admin: players' messages not yet read (on the Admin button); for a player: the admins' (on Account).
  const unread = useUnreadCounts(Boolean(username))?.total ?? 0;
  const trade = useComingSoon();
  const logout = useLogout();
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [adminOpen, setAdminOpen] = useState(false);
  const [adminScreen, setAdminScreen] = useState<AdminScreen | undefined>(undefined);
  const [settingsOpen, setSettingsOpen] = useState(false);

  // An admin's device keeps the admin code: fetched now (for this visit) and cached by the service worker (for
  // the next visit offline, and again for each update), so Admin Control opens at a drop with no signal. Its lists
  // are loaded too, so each has a saved copy to show there.
  const prepareAdmin = admin?.prepare;
  useEffect(() => {
    if (isAdmin) prepareAdmin?.({ isSuperAdmin });
  }, [isAdmin, isSuperAdmin, prepareAdmin]);

  // A notification's link opens Admin Control on its list (for an admin; anyone else just sees home).
  useEffect(() => {
    if (!openAdmin || !isAdmin) return;
    setAdminScreen(openAdmin);
    setAdminOpen(true);
    void navigate({ to: '/', search: {}, replace: true });
  }, [openAdmin, isAdmin, navigate]);

  // Keep the stored flags current so the fallback of a failed check is the latest known role.
  useEffect(() => {
    const stored = getUserData();
    if (stored && (stored.isAdmin !== isAdmin || stored.isSuperAdmin !== isSuperAdmin))
      setCurrentUser({ ...stored, isAdmin, isSuperAdmin });
  }, [isAdmin, isSuperAdmin]);

  return (
    <Page>
      <Top>
        <Hello>
          <img src="/icons/icon.svg" alt="" width={40} height={40} />
          <div>
            <small>{_(greeting)}</small>
            <strong>{username}</strong>
          </div>
        </Hello>
        {isAdmin && (
          <AdminButton type="button" onClick={() => setAdminOpen(true)}>
            <ShieldIcon size={20} />
            {_('Admin')}
            <UnreadBadge count={unread} />
            {admin?.badge?.()}
          </AdminButton>
        )}
        {isSuperAdmin && (
          <GearButton type="button" aria-label={_('Super Admin Settings')} onClick={() => setSettingsOpen(true)}>
            <GearIcon size={20} />
            {admin?.settingsBadge?.()}
          </GearButton>
        )}
        {/* The one Logout of the screen, named in words where a new player looks for it. */}
        <LogoutButton type="button" aria-label={_('Logout')} $compact={isAdmin} onClick={() => setConfirmLogout(true)}>
          <LogoutIcon size={18} /> <span>{_('Logout')}</span>
        </LogoutButton>
      </Top>

      <Headline>
        <h1>
          {/* The brand, the same in every language. */}
          {'Blockspin'} <b>{'Market'}</b>
        </h1>
        <p>{_('What do you want to do today?')}</p>
      </Headline>

      <Tiles>
        <TileLink to="/buy" $tone="primary">
          <HomeTile icon={<CartIcon size={30} />} title={_('Buy')} text={_('Cash, weapons, farming & more')} />
        </TileLink>
        <TileLink to="/sell" $tone="success">
          <HomeTile icon={<TagIcon size={30} />} title={_('Sell')} text={_('Snap a photo, get paid')} />
        </TileLink>
        <TradeWrap>
          <TileButton type="button" $tone="accent" onClick={trade.show}>
            <HomeTile icon={<SwapIcon size={30} />} title={_('Trade')} text={_('Swap items with players')} />
          </TileButton>
          <ComingSoonBubble visible={trade.visible} placement="inside" />
        </TradeWrap>
        <TileLink to="/my-activity" $tone="info">
          <HomeTile icon={<UserIcon size={30} />} title={_('Account')} text={_('Requests & contact info')} />
          {!isAdmin && <CornerBadge count={unread} />}
        </TileLink>
      </Tiles>

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
      {adminOpen &&
        admin?.control({
          initialView: adminScreen === 'control' ? undefined : adminScreen,
          onClose: () => {
            setAdminOpen(false);
            setAdminScreen(undefined);
          },
        })}
      {settingsOpen && admin?.settings({ onClose: () => setSettingsOpen(false) })}
    </Page>
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

const CornerBadge = styled(UnreadBadge)`
  position: absolute;
  top: ${({ theme }) => theme.space(3)};
  right: ${({ theme }) => theme.space(3)};
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

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  @media (min-width: 768px) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const TradeWrap = styled.div`
  position: relative;
  display: flex;
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
