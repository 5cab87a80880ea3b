import { Dialog } from '@/components/dialog';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { displayCents } from '@/lib/i18n/intl';
import { useLingui } from '@/lib/i18n/react';
import { allItems, lineTotal } from '../lib/requests';
import { useShowMore } from './show-more';
import { Card, CardTitle, Grid } from './admin-cards';
import { Meta, MetaRow } from './meta-list';
import { StateText } from './state-text';

/** The 'All Item Requests' / 'All Approved Item Requests' grids: every line of every request. */
export function ItemRequestsGrid({
  title,
  requests,
  open,
  onClose,
}: {
  title: string;
  requests: readonly PurchaseRequest[];
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title={title} size="full" onClose={onClose}>
      {open && <Lines title={title} requests={requests} />}
    </Dialog>
  );
}

// Every line of every request can run to thousands: 40 at a time, like the other admin lists.
function Lines({ title, requests }: { title: string; requests: readonly PurchaseRequest[] }) {
  const { _ } = useLingui();
  const lines = allItems(requests);
  const { visible, more } = useShowMore(lines);
  return lines.length === 0 ? (
    <StateText>{_('No items found')}</StateText>
  ) : (
    <>
      <Grid aria-label={title}>
        {visible.map(({ request, item, key }) => (
          <Card key={key}>
            <CardTitle>{item.name}</CardTitle>
            <Meta>
              <MetaRow label={_('Category')}>{item.category}</MetaRow>
              <MetaRow label={_('Quantity')}>{item.quantity}</MetaRow>
              <MetaRow label={_('Line total')}>{displayCents(lineTotal(item))}</MetaRow>
              <MetaRow label={_('Request')}>
                {`#${request.id}`} · {request.requesterName}
              </MetaRow>
            </Meta>
          </Card>
        ))}
      </Grid>
      {more}
    </>
  );
}
