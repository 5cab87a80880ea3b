import { Dialog } from '@/components/dialog';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { RequestItems } from './item-table';

/** An Item List popup: the items of one request. */
export function ItemListDialog({ request, onClose }: { request: PurchaseRequest | null; onClose: () => void }) {
  return (
    <Dialog open={request !== null} title={request ? `Item List — Request #${request.id}` : 'Item List'} size="md" onClose={onClose}>
      {request && <RequestItems items={request.items} total={request.totalPrice} />}
    </Dialog>
  );
}
