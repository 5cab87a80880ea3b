import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AfterFirstPaint } from '@/components/after-first-paint';
import { Dialog } from '@/components/dialog';
import { StoreCredit } from '@/components/store-credit';
import { useUserData } from '@/lib/current-user';
import { contactQueryOptions } from '@/lib/api/contact';
import { CopyValue } from './copy-value';
import { Meta, MetaRow } from './meta-list';
import { StateText } from './state-text';
import { useLingui } from '@/lib/i18n/react';

/** Submission Details & Contact: what was asked for, and the requester's email, PS5 and Roblox names. */
export function ContactDialog({ username, details, onClose }: { username: string | null; details?: ReactNode; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog open={username !== null} title={_('Submission Details & Contact')} size="md" onClose={onClose}>
      {username !== null && (
        <AfterFirstPaint>
          <ContactBody username={username} details={details} />
        </AfterFirstPaint>
      )}
    </Dialog>
  );
}

function ContactBody({ username, details }: { username: string; details?: ReactNode }) {
  const { _ } = useLingui();
  // A contact read in the last half minute is shown as it is.
  const contact = useQuery({ ...contactQueryOptions(username), staleTime: 30_000 });
  // Only the super admin may take back a credit.
  const superAdmin = useUserData()?.isSuperAdmin === true;
  const info = contact.data;
  const hasAny = !!(info && (info.contactEmail || info.ps5Username || info.robloxUsername));
  return (
    <Body>
      {details && <section aria-label={_('Submission details')}>{details}</section>}
      <section aria-label={_('Contact information')}>
        <h3>{_('Contact for {player}', { player: username })}</h3>
        {contact.isPending ? (
          <StateText>{_('Loading contact...')}</StateText>
        ) : hasAny ? (
          <Meta>
            <MetaRow label={_('Email')}>
              {info?.contactEmail ? (
                <CopyValue value={info.contactEmail} what="email">
                  <MailLink href={`mailto:${info.contactEmail}`}>{info.contactEmail}</MailLink>
                </CopyValue>
              ) : (
                '—'
              )}
            </MetaRow>
            <MetaRow label={_('PS5')}>{info?.ps5Username ? <CopyValue value={info.ps5Username} what="ps5" /> : '—'}</MetaRow>
            <MetaRow label={_('Roblox')}>{info?.robloxUsername ? <CopyValue value={info.robloxUsername} what="roblox" /> : '—'}</MetaRow>
          </Meta>
        ) : (
          <StateText>{_('No Contact Information Available')}</StateText>
        )}
      </section>
      <StoreCredit username={username} canReverse={superAdmin} title={_('Store credit of {player}', { player: username })} />
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  h3 {
    font-size: 1.05rem;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

const MailLink = styled.a`
  color: ${({ theme }) => theme.color.info};
`;
