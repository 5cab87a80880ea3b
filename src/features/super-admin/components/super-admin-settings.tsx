import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { fromTablet } from '@/components/theme';
import { Conversation } from '@/components/conversation/conversation';
import type { Dispute } from '@/domain/schemas/deals';
import { Dialog } from '@/components/dialog';
import { useListFrame } from '@/components/query-frame';
import { SearchBox } from '@/components/search-box';
import { usersQueryOptions } from '../api/users';
import { QuickRepliesEditor } from './quick-replies-editor';
import { DisputesPanel } from './disputes-panel';
import { StatsPanel } from './stats-panel';
import { Chips } from '@/components/chips';
import { AuditPanel } from './audit-panel';
import { DashboardPanel } from './dashboard-panel';
import { ExportPanel } from './export-panel';
import { useFreshOnOpen } from '../lib/fresh-on-open';
import { UserDetail } from './user-detail';
import { UserList } from './user-list';
import { useLingui } from '@/lib/i18n/react';

/** Super Admin Settings: user management and system statistics (the configured super admin only). */
export function SuperAdminSettings({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog open={open} size="full" title={_('Super Admin Settings')} onClose={onClose}>
      {open && <SettingsBody />}
    </Dialog>
  );
}

const TABS = [
  { value: 'users', label: 'Users & statistics' },
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'audit', label: 'Audit log' },
  { value: 'export', label: 'Export' },
] as const;
type Tab = (typeof TABS)[number]['value'];

function SettingsBody() {
  const { _ } = useLingui();
  const [tab, setTab] = useState<Tab>('users');
  return (
    <Tabs>
      <Chips label={_('Section')} value={tab} onChange={setTab} options={TABS} />
      {tab === 'users' ? <UsersAndStats /> : tab === 'dashboard' ? <DashboardPanel /> : tab === 'audit' ? <AuditPanel /> : <ExportPanel />}
    </Tabs>
  );
}

function UsersAndStats() {
  const { _ } = useLingui();
  const users = useFreshOnOpen(useQuery(usersQueryOptions()));
  const [query, setQuery] = useState('');
  // A user's page opens in place of the list; the list stays mounted (hidden), so Back finds its page and search.
  const [opened, setOpened] = useState<string | null>(null);
  const frame = useListFrame([users], [usersQueryOptions().queryKey], <State>{_('Loading users...')}</State>);
  return (
    <>
      {opened && <UserDetail username={opened} onBack={() => setOpened(null)} />}
      <Layout hidden={opened !== null}>
        <section aria-labelledby="users-heading">
          <h3 id="users-heading">{_('User Management')}</h3>
          {frame.blocking ?? (
            <>
              {frame.note}
              <SearchBox value={query} onChange={setQuery} label={_('Search by username or email')} />
              <UserList
                // A new search starts again at the first page.
                key={query.trim().toLowerCase()}
                users={(users.data ?? []).filter((user) =>
                  [user.username, user.contactEmail].some((field) => field?.toLowerCase().includes(query.trim().toLowerCase())),
                )}
                onOpen={(user) => setOpened(user.username)}
              />
            </>
          )}
        </section>
        <section aria-labelledby="stats-heading">
          <h3 id="stats-heading">{_('System Statistics')}</h3>
          <StatsPanel />
        </section>
        <section aria-labelledby="quick-replies-heading">
          <h3 id="quick-replies-heading">{_('Quick Replies')}</h3>
          <QuickRepliesEditor />
        </section>
        <Wide aria-labelledby="disputes-heading">
          <h3 id="disputes-heading">{_('Disputed no-shows')}</h3>
          <DisputesPanel conversation={disputeConversation} />
        </Wide>
      </Layout>
    </>
  );
}

/** A dispute is decided with the deal's conversation at hand: a drop's own thread, a pickup's submission's. */
function disputeConversation(dispute: Dispute) {
  if (dispute.subjectType === 'purchase-request') return <Conversation subject="purchase-request" id={dispute.subjectId} asAdmin />;
  if (dispute.submissionId === null) return null;
  return <Conversation subject="submission" id={dispute.submissionId} pickupId={dispute.subjectId} asAdmin />;
}

const Tabs = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Layout = styled.div`
  display: grid;
  &[hidden] {
    display: none;
  }
  gap: ${({ theme }) => theme.space(5)};
  grid-template-columns: 1fr;
  ${fromTablet} {
    grid-template-columns: 3fr 2fr;
    align-items: start;
  }
  h3 {
    font-size: 1.1rem;
    margin-bottom: ${({ theme }) => theme.space(3)};
  }
`;

const Wide = styled.section`
  grid-column: 1 / -1;
`;

export const State = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
`;
