import { Dialog } from '../../../components/dialog';
import type { PurchaseRequest } from '../../../domain/schemas/purchases';
import { formatUsd } from '../../../domain/money';
import { allItems, lineTotal } from '../lib/requests';
import { Card, CardTitle, Grid, Meta, MetaRow, StateText } from './ui';

/** The 'All Item Requests' / 'All Approved Item Requests' grids: every line of every request. */
export function ItemRequestsGrid({ title, requests, open, onClose }: { title: string; requests: readonly PurchaseRequest[]; open: boolean; onClose: () => void }) {
  const lines = allItems(requests);
  return (
    <Dialog open={open} title={title} size="full" onClose={onClose}>
      {lines.length === 0 ? (
        <StateText>No items found</StateText>
      ) : (
        <Grid aria-label={title}>
          {lines.map(({ request, item, key }) => (
            <Card key={key}>
              <CardTitle>{item.name}</CardTitle>
              <Meta>
                <MetaRow label="Category">{item.category}</MetaRow>
                <MetaRow label="Quantity">{item.quantity}</MetaRow>
                <MetaRow label="Price">{formatUsd(lineTotal(item))}</MetaRow>
                <MetaRow label="Request">
                  #{request.id} · {request.requesterName}
                </MetaRow>
              </Meta>
            </Card>
          ))}
        </Grid>
      )}
    </Dialog>
  );
}
