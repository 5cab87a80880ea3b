import { memo } from 'react';
import { Button } from '@/components/button';
import type { ScheduledPickup } from '@/domain/schemas/pickups';
import { useLingui } from '@/lib/i18n/react';
import { pickupLabel } from '../api/scheduled-pickups';
import { BulkCheck } from './bulk-check';
import { NoShowButton } from './no-show-button';
import { ActionsOrPending } from './pending-action-note';
import { PickupCard } from './pickup-card';
import { PlayerProposal } from './player-proposal';
import { promiseOpen } from './promise-parts';

/** What a Scheduled Pickups card can start; the same functions at every render (see ScheduledBody). */
export interface CardActs {
  viewImage: (src: string, title: string) => void;
  toggle: (pickup: ScheduledPickup) => void;
  collect: (pickup: ScheduledPickup) => void;
  reschedule: (pickup: ScheduledPickup) => void;
  noShow: (pickup: ScheduledPickup) => void;
  contact: (username: string) => void;
}

/** A Scheduled Pickups card, drawn again only when its pickup or its place in the selection changes. */
export const ScheduledCard = memo(function ScheduledCard({
  pickup,
  selecting,
  checked,
  other,
  act,
}: {
  pickup: ScheduledPickup;
  selecting: boolean;
  checked: boolean;
  other: boolean;
  act: CardActs;
}) {
  const { _ } = useLingui();
  return (
    <PickupCard
      pickup={pickup}
      tone="warning"
      onViewImage={act.viewImage}
      actions={
        selecting ? (
          <ActionsOrPending type="pickup" id={pickup.id}>
            <BulkCheck checked={checked} name={pickupLabel(pickup)} other={other} onToggle={() => act.toggle(pickup)} />
          </ActionsOrPending>
        ) : (
          <>
            <PlayerProposal subjectType="pickup" subjectId={pickup.id} />
            <ActionsOrPending type="pickup" id={pickup.id}>
              <Button type="button" $variant="success" onClick={() => act.collect(pickup)}>
                {_('Mark Collected')}
              </Button>
              {promiseOpen(pickup.promiseStatus) && (
                <>
                  <Button type="button" $variant="secondary" onClick={() => act.reschedule(pickup)}>
                    {_('Reschedule')}
                  </Button>
                  <NoShowButton promisedAt={pickup.promisedAt} onClick={() => act.noShow(pickup)} />
                </>
              )}
            </ActionsOrPending>
            {pickup.submission && (
              <Button type="button" $variant="secondary" onClick={() => act.contact(pickup.submission!.submittedBy)}>
                {_('Contact')}
              </Button>
            )}
          </>
        )
      }
    />
  );
});
