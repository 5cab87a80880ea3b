import { useLingui } from '@/lib/i18n/react';
import styled from 'styled-components';
import { StatusBadge } from '@/components/status-badge';
import type { OutboxView } from '@/lib/outbox/outbox-items';
import { OutboxItemActions } from '@/components/outbox-item-actions';
import { formatDateTime } from '@/lib/format-date';
import { Card, Facts } from './request-card';
import { isRepriceable, PricesChangedOffer } from './prices-changed-offer';

const STATE_TEXT: Record<OutboxView['state'], { badge: string; tone: 'warning' | 'danger' | 'info'; text: string }> = {
  queued: { badge: 'queued', tone: 'warning', text: 'Saved on this device. It will be sent as soon as you are back online.' },
  sending: { badge: 'sending', tone: 'info', text: 'Sending now...' },
  failed: { badge: 'failed', tone: 'danger', text: 'Could not be sent.' },
  'needs-login': { badge: 'log in again', tone: 'warning', text: 'Please log in again to send it.' },
  done: { badge: 'done', tone: 'info', text: 'Already done.' },
};

/** An item waiting in the offline outbox, shown above the sent ones. */
export function QueuedCard({ item }: { item: OutboxView }) {
  const { _ } = useLingui();
  const state = STATE_TEXT[item.state] ?? STATE_TEXT.queued;
  // Refused for its prices: sending it again as it is would be refused again; the offer sends it at today's.
  const repriceable = isRepriceable(item);
  return (
    <Card data-testid="queued-card" data-state={item.state}>
      <Row>
        {item.photoUrl && <Thumb src={item.photoUrl} alt="" />}
        <div>
          <StatusBadge status={item.state} tone={state.tone} label={_(state.badge)} />
          <h3>{item.title}</h3>
          <small>{item.detail}</small>
        </div>
      </Row>
      {item.facts && item.facts.length > 0 && (
        <Facts>
          {item.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{_(fact.label)}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </Facts>
      )}
      <Note>
        {_(state.text)}
        {item.state === 'failed' && item.error && !repriceable ? ` ${_(item.error)}` : ''}
        <br />
        <small>{_('Made {when}', { when: formatDateTime(item.createdAt) })}</small>
      </Note>
      {repriceable ? <PricesChangedOffer item={item} /> : <OutboxItemActions item={item} />}
    </Card>
  );
}

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  & > div {
    min-width: 0;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 4px;
  }
  h3 {
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Thumb = styled.img`
  width: 56px;
  height: 56px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.md};
  flex: none;
`;

const Note = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.color.textMuted};
`;
