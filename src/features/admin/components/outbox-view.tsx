import styled from 'styled-components';
import { OutboxItemActions } from '@/components/outbox-item-actions';
import type { AdminAction } from '@/lib/admin-action';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { useAdminOutbox } from '../lib/use-admin-outbox';
import { formatDateTime } from '@/lib/format-date';
import { Card, CardTitle, Grid } from './admin-cards';
import { StateText } from './state-text';
import { useLingui } from '@/lib/i18n/react';

const STATE_TEXT: Record<OutboxView['state'], string> = {
  queued: 'Waiting to send',
  sending: 'Sending…',
  'needs-login': 'Log in again to send',
  failed: 'Not sent',
  done: 'Already done',
};

/** The admin outbox: every action kept on this device, with Send now / Retry / Discard, and what became of it. */
export function AdminOutboxView() {
  const { _ } = useLingui();
  const items = useAdminOutbox();
  if (items.length === 0)
    return <StateText>{_('Nothing waiting to send. Actions made without a connection show here until they are sent.')}</StateText>;
  return (
    <Grid aria-label={_('Admin outbox')}>
      {items.map((item) => (
        <Card
          key={item.id}
          $tone={item.state === 'failed' ? 'danger' : item.state === 'done' ? 'success' : 'warning'}
          data-testid="admin-outbox-item"
        >
          <CardTitle>{item.title}</CardTitle>
          <Line>
            <strong>{_(STATE_TEXT[item.state])}</strong> ·{' '}
            {_('to {target} · made {date}', { target: _((item.payload as AdminAction).target), date: formatDateTime(item.createdAt) })}
          </Line>
          {item.error && <Line role={item.state === 'failed' ? 'alert' : undefined}>{item.error}</Line>}
          {item.photoUrl && <Proof src={item.photoUrl} alt={_('Handover photo waiting to be sent')} />}
          <OutboxItemActions item={item} />
        </Card>
      ))}
    </Grid>
  );
}

/** How many kept actions need the admin's eye (everything but those being sent). */
export function useAdminOutboxCount(): number {
  return useAdminOutbox().filter((item) => item.state !== 'sending').length;
}

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
  strong {
    color: ${({ theme }) => theme.color.text};
  }
`;

const Proof = styled.img`
  width: 96px;
  height: 72px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.sm};
`;
