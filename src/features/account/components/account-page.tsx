import { useLingui } from '@/lib/i18n/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ConversationKind } from '@/domain/record-kind';
import { Banner } from '@/components/banner';
import { Button } from '@/components/button';
import { BoxIcon, KeyIcon, LockIcon, MailIcon, ReceiptIcon } from '@/components/icons';
import { Page, PageHeader } from '@/components/page-header';
import { StoreCredit } from '@/components/store-credit';
import { UnreadBadge } from '@/components/conversation/unread-badge';
import { useUnreadCounts } from '@/lib/conversation/use-conversation-live';
import { getUserData, useCurrentUserName, useUserData } from '@/lib/current-user';
import { AdminSkipSetup } from './admin-skip-setup';
import { useContact } from '../api/get-contact';
import { useAccountLive } from '../api/use-account-live';
import { hasContact } from '../contact-validation';
import { BuyRequestsPanel } from './buy-requests-panel';
import { ContactForm } from './contact-form';
import { PasswordResetDialog } from './password-reset-dialog';
import { SellRequestsPanel } from './sell-requests-panel';
import { ProposalsWaiting } from './proposal-answer';
import { OpenThreadContext, type OpenThread } from '../open-thread';
import { useAccountTabs, type Tab } from './account-tabs';

const route = getRouteApi('/my-activity');

const TABS: { tab: Tab; label: string; icon: ReactNode }[] = [
  { tab: 'contact', label: 'My Contact Information', icon: <MailIcon /> },
  { tab: 'sell', label: 'My Sell Requests', icon: <BoxIcon /> },
  { tab: 'buy', label: 'My Buy Requests', icon: <ReceiptIcon /> },
];

/** The account screen: three tiles, first-time setup, contact form, sell and buy requests, password reset. */
export function AccountPage({ notifications }: { notifications?: ReactNode } = {}) {
  const { _ } = useLingui();
  const username = useCurrentUserName() ?? '';
  const tileUnread = useTileUnread();
  const { firstTime, openThread, initialTab } = useArrivalSearch();
  const { contact, fromServer } = useContact(username);
  // Admins work in Admin Control, not as players: they may skip the contact setup (issue 30 item 7).
  const isAdmin = useUserData()?.isAdmin === true;
  // Until a contact is saved the sell and buy tiles stay locked, also when the user comes back later.
  const setup = firstTime || (fromServer && !hasContact(contact) && !isAdmin);
  const tabs = useAccountTabs(firstTime ? 'contact' : initialTab, setup);
  const { tab, setTab } = tabs;
  const [passwordOpen, setPasswordOpen] = useState(false);
  useAccountLive(username);

  return (
    <Page>
      <PageHeader title={_('My Account')} subtitle={username} backTo={setup ? undefined : '/'} />
      {setup && (
        <Welcome tone="info">
          <p>
            <strong>{_('Welcome to Blockspin Market!')}</strong>
          </p>
          <p>{_('Add at least one way for our admins to reach you. Your sell and buy requests unlock once it is saved.')}</p>
          {isAdmin && <AdminSkipSetup />}
        </Welcome>
      )}
      {!setup && username && <ProposalsWaiting />}
      <Tiles role="tablist" aria-label={_('Account sections')} onKeyDown={tabs.onTabKey}>
        {TABS.map(({ tab: id, label, icon }) => (
          <Tile
            key={id}
            id={`tab-${id}`}
            ref={(node) => void (tabs.tabRefs.current[id] = node)}
            selected={tab === id}
            tabbable={id === tabs.tabbable}
            onClick={() => tabs.open(id)}
            icon={icon}
            label={_(label)}
            locked={id !== 'contact' && setup}
            unread={tileUnread[id] ?? 0}
          />
        ))}
      </Tiles>

      {tab && (
        <PanelBox id="account-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} ref={tabs.panelRef}>
          {tab === 'contact' && <ContactForm username={username} contact={contact} firstTime={setup} onClose={() => setTab(null)} />}
          <OpenThreadContext.Provider value={openThread}>
            {tab === 'sell' && !setup && <SellRequestsPanel username={username} active />}
            {tab === 'buy' && !setup && <BuyRequestsPanel username={username} active />}
          </OpenThreadContext.Provider>
        </PanelBox>
      )}

      {!setup && username && (
        <CreditBox>
          <StoreCredit username={username} />
        </CreditBox>
      )}

      {notifications}

      <Reset>
        <Button type="button" $variant="ghost" onClick={() => setPasswordOpen(true)}>
          <KeyIcon size={18} /> {_('Reset Password')}
        </Button>
      </Reset>
      <PasswordResetDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} username={username} />
    </Page>
  );
}

/** Messages from the admins not yet read, per tile (an admin's own counts are every player's: not shown here). */
function useTileUnread(): Partial<Record<Tab, number>> {
  const unread = useUnreadCounts(!getUserData()?.isAdmin);
  const unreadOf = (side: ConversationKind) =>
    unread?.threads.reduce((sum, thread) => sum + (thread.subjectType === side ? thread.count : 0), 0) ?? 0;
  return { sell: unreadOf('submission'), buy: unreadOf('purchase-request') };
}

/**
 * What the address asked for on arrival, read once and then removed from it: firstTime=true (the first-time setup),
 * and tab with thread=N (a message notification's link: that deal's card opens on its Messages).
 */
function useArrivalSearch() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const [firstTime] = useState(() => search.firstTime === true || search.firstTime === 'true');
  const [openThread] = useState<OpenThread | null>(() =>
    search.tab && search.thread ? { subject: search.tab === 'buy' ? 'purchase-request' : 'submission', id: search.thread } : null,
  );
  useEffect(() => {
    if (search.firstTime !== undefined || search.tab !== undefined || search.thread !== undefined)
      void navigate({ to: '/my-activity', search: {}, replace: true });
  }, [search.firstTime, search.tab, search.thread, navigate]);
  return { firstTime, openThread, initialTab: search.tab ?? null };
}

interface TileProps {
  id: string;
  ref: (node: HTMLButtonElement | null) => void;
  selected: boolean;
  tabbable: boolean;
  onClick: () => void;
  icon: ReactNode;
  label: string;
  locked?: boolean;
  /** Unread messages about the deals behind the tile. */
  unread?: number;
}

function Tile({ id, ref, selected, tabbable, icon, label, locked, unread = 0, onClick }: TileProps) {
  const { _ } = useLingui();
  return (
    <TileButton
      ref={ref}
      id={id}
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={selected ? 'account-panel' : undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-disabled={locked || undefined}
      disabled={locked}
      onClick={onClick}
      data-locked={locked || undefined}
    >
      <span className="icon">{locked ? <LockIcon /> : icon}</span>
      <span className="label">{label}</span>
      {!locked && <UnreadBadge count={unread} />}
      {locked && <span className="visually-hidden"> {_('(locked until your contact information is saved)')}</span>}
    </TileButton>
  );
}

const Welcome = styled(Banner)`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2.5)};
`;

const TileButton = styled.button`
  min-height: 112px;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  text-align: center;
  transition:
    border-color 0.15s ease,
    background 0.15s ease;
  .icon {
    width: 46px;
    height: 46px;
    border-radius: 14px;
    display: grid;
    place-items: center;
    background: color-mix(in srgb, ${({ theme }) => theme.color.primary} 18%, transparent);
    color: ${({ theme }) => theme.color.primary};
  }
  .label {
    font-weight: 700;
    font-size: 0.88rem;
    line-height: 1.2;
  }
  &[aria-selected='true'] {
    border-color: ${({ theme }) => theme.color.primary};
    background: color-mix(in srgb, ${({ theme }) => theme.color.primary} 14%, ${({ theme }) => theme.color.surface});
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  &:disabled .icon {
    background: ${({ theme }) => theme.color.surfaceRaised};
    color: ${({ theme }) => theme.color.textMuted};
  }
  @media (min-width: 768px) {
    flex-direction: row;
    justify-content: flex-start;
    min-height: 84px;
    padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
    text-align: left;
    .label {
      font-size: 1rem;
    }
  }
`;

const PanelBox = styled.section`
  margin-top: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  scroll-margin-top: ${({ theme }) => theme.space(4)};
  @media (max-width: 420px) {
    padding: ${({ theme }) => theme.space(3)};
  }
`;

const CreditBox = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  @media (max-width: 420px) {
    padding: ${({ theme }) => theme.space(3)};
  }
`;

const Reset = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(6)};
`;
