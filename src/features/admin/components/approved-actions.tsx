import { Button } from '@/components/button';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { useLingui } from '@/lib/i18n/react';
import type { PromiseSubject } from '../lib/promise-subject';
import { CardActions } from './admin-cards';
import { IconAction } from './drop-switch';
import { NoShowButton } from './no-show-button';
import { ActionsOrPending } from './pending-action-note';
import { PlayerProposal } from './player-proposal';
import { promiseOpen } from './promise-parts';

/** What each action of an approved request opens. */
export interface ApprovedOpeners {
  dropInfo: (request: PurchaseRequest) => void;
  complete: (request: PurchaseRequest) => void;
  reject: (request: PurchaseRequest) => void;
  contact: (request: PurchaseRequest) => void;
  items: (request: PurchaseRequest) => void;
  reschedule: (subject: PromiseSubject) => void;
  noShow: (subject: PromiseSubject) => void;
}

/** An approved request's actions: Schedule, Completed, Reject, the player's proposal, Reschedule / No-show, Contact. */
export function ApprovedActions({ request, open }: { request: PurchaseRequest; open: ApprovedOpeners }) {
  const { _ } = useLingui();
  return (
    <>
      <ActionsOrPending type="purchase-request" id={request.id}>
        <CardActions>
          <Button type="button" $variant="secondary" onClick={() => open.dropInfo(request)}>
            {_('Schedule')}
          </Button>
          <Button type="button" $variant="success" onClick={() => open.complete(request)}>
            {_('Completed')}
          </Button>
          <IconAction type="button" aria-label={_('Reject request #{id}', { id: request.id })} onClick={() => open.reject(request)}>
            {_('× Reject')}
          </IconAction>
        </CardActions>
        <PlayerProposal subjectType="purchase-request" subjectId={request.id} />
        {promiseOpen(request.promiseStatus) && (
          <CardActions>
            <Button type="button" $variant="secondary" onClick={() => open.reschedule({ kind: 'purchase-request', request })}>
              {_('Reschedule')}
            </Button>
            <NoShowButton promisedAt={request.promisedAt} onClick={() => open.noShow({ kind: 'purchase-request', request })} />
          </CardActions>
        )}
      </ActionsOrPending>
      <CardActions>
        <Button type="button" $variant="secondary" onClick={() => open.contact(request)}>
          {_('Contact')}
        </Button>
        <Button type="button" $variant="ghost" onClick={() => open.items(request)}>
          {_('View Items')}
        </Button>
      </CardActions>
    </>
  );
}
