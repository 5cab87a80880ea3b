import { Dialog } from '@/components/dialog';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { RequestItems } from './item-table';
import { useLingui } from '@/lib/i18n/react';

/** An Item List popup: the items of one request. */
export function ItemListDialog({ request, onClose }: { request: PurchaseRequest | null; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={request !== null}
      title={request ? _('Item List — Request #{id}', { id: request.id }) : _('Item List')}
      size="md"
      onClose={onClose}
    >
      {request && <RequestItems items={request.items} total={request.totalPrice} />}
    </Dialog>
  );
}
