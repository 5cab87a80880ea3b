import { useLingui } from '@/lib/i18n/react';
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { offerAnswered, rememberOfferAnswered } from '@/lib/push-client';
import { usePushDevice } from '../api/use-push-device';

const TEXT = {
  player: 'Want to know when an admin answers? Get a notification on this device, even with the app closed.',
  admin: 'Get a notification on this device for each new purchase request and item submission, even with the app closed.',
} as const;

/**
 * The offer to turn notifications on, shown right after a meaningful action (never on page load) and only while it
 * could work and is off. A player sees it once per device: either answer is remembered. Admins see it in Admin
 * Control until they turn it on or dismiss it.
 */
export function NotificationOffer({ audience = 'player' }: { audience?: 'player' | 'admin' }) {
  const { _ } = useLingui();
  const device = usePushDevice();
  const [answered, setAnswered] = useState(() => offerAnswered(audience));
  const [done, setDone] = useState(false);
  if (done) return <Box role="status">{_('Notifications are on for this device. You can turn them off in My Account.')}</Box>;
  if (answered || !device.support.ok || device.support.permission === 'denied' || device.enabled !== false) return null;
  const answer = (value: 'enabled' | 'dismissed') => {
    rememberOfferAnswered(audience, value);
    if (value === 'dismissed') setAnswered(true);
  };
  return (
    <Box aria-label={_('Notifications')}>
      <p>{_(TEXT[audience])}</p>
      <Actions>
        <Button
          type="button"
          $variant="primary"
          disabled={device.busy}
          onClick={async () => {
            const granted = await device.enable();
            if (granted) {
              answer('enabled');
              setDone(true);
            } else if (Notification.permission !== 'granted') {
              // Blocked or the prompt closed: that is an answer too, and the offer is not repeated.
              answer('dismissed');
            }
          }}
        >
          {device.busy ? _('Turning on…') : _('Turn on notifications')}
        </Button>
        <Button type="button" $variant="ghost" disabled={device.busy} onClick={() => answer('dismissed')}>
          {_('Not now')}
        </Button>
      </Actions>
      {device.error && <Error role="alert">{device.error}</Error>}
    </Box>
  );
}

const Box = styled.section`
  margin: ${({ theme }) => theme.space(4)} 0;
  padding: ${({ theme }) => theme.space(3.5)};
  border: 1px solid ${({ theme }) => theme.color.info};
  border-radius: ${({ theme }) => theme.radius.md};
  background: color-mix(in srgb, ${({ theme }) => theme.color.info} 12%, ${({ theme }) => theme.color.surface});
  text-align: left;
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    line-height: 1.4;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Error = styled.p`
  color: ${({ theme }) => theme.color.danger};
  margin: ${({ theme }) => theme.space(3)} 0 0 !important;
`;
