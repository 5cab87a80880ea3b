import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { discardOutboxItem, retryOutboxItem, type OutboxView } from '../../../lib/outbox';
import { triggerDrain } from '../../../lib/outbox-triggers';

export const STATE_LABEL: Record<OutboxView['state'], string> = {
  queued: 'Waiting to send',
  sending: 'Sending…',
  'needs-login': 'Log in to send',
  failed: 'Not sent',
};
export const QUEUED_HINT = 'Saved on this device. It is sent automatically when you are back online.';

/** One queued, failed or needs-login item for My Sell / My Buy Requests, with Retry and Discard. */
export function OutboxItemCard({ item }: { item: OutboxView }) {
  return (
    <Card data-testid="outbox-item" data-state={item.state} aria-label={`${item.title}: ${STATE_LABEL[item.state]}`}>
      {item.photoUrl ? <Thumb src={item.photoUrl} alt="" /> : null}
      <Body>
        <Title>{item.title}</Title>
        <Detail>{item.detail}</Detail>
        <Badge $state={item.state}>{STATE_LABEL[item.state]}</Badge>
        {item.state === 'queued' && <Hint>{QUEUED_HINT}</Hint>}
        {item.error && item.state !== 'queued' && <Message role="alert">{item.error}</Message>}
        <OutboxItemActions item={item} />
      </Body>
    </Card>
  );
}

/**
 * The buttons of a queued item, for any card that shows one: Send now (queued), Retry (failed, needs-login),
 * Log in (needs-login) and a two-tap Discard. Nothing while it is being sent.
 */
export function OutboxItemActions({ item }: { item: Pick<OutboxView, 'id' | 'state' | 'title'> }) {
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  if (item.state === 'sending') return null;
  return (
    <Actions role="group" aria-label={`Actions for ${item.title}`}>
      {item.state === 'needs-login' && (
        <Button as={Link} to="/login" $variant="primary">
          Log in
        </Button>
      )}
      {item.state === 'queued' ? (
        <Button type="button" $variant="secondary" disabled={busy} onClick={run(triggerDrain)}>
          Send now
        </Button>
      ) : (
        <Button type="button" $variant="secondary" disabled={busy} onClick={run(() => retryOutboxItem(item.id))}>
          Retry
        </Button>
      )}
      <Button
        type="button"
        $variant={confirmDiscard ? 'danger' : 'ghost'}
        disabled={busy}
        onClick={confirmDiscard ? run(() => discardOutboxItem(item.id)) : () => setConfirmDiscard(true)}
      >
        {confirmDiscard ? 'Tap again to discard' : 'Discard'}
      </Button>
    </Actions>
  );
}

const Card = styled.article`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const Thumb = styled.img`
  width: 72px;
  height: 72px;
  flex: none;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  flex: 1;
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1rem;
  overflow-wrap: anywhere;
`;

const Detail = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.875rem;
`;

const Badge = styled.span<{ $state: OutboxView['state'] }>`
  justify-self: start;
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 0.75rem;
  font-weight: 700;
  color: #101322;
  background: ${({ theme, $state }) =>
    $state === 'failed' ? theme.color.danger : $state === 'needs-login' ? theme.color.accent : $state === 'sending' ? theme.color.info : theme.color.warning};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.8125rem;
`;

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.875rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(1)};
`;
