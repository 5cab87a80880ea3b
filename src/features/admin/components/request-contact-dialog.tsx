import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { ContactDialog } from './contact-dialog';
import { RequestItems } from './item-table';

/** The requester's contact, with what the request asks for; open while `request` is set. */
export function RequestContactDialog({ request, onClose }: { request: PurchaseRequest | null; onClose: () => void }) {
  return (
    <ContactDialog
      username={request?.requesterName ?? null}
      details={request && <RequestItems items={request.items} total={request.totalPrice} />}
      onClose={onClose}
    />
  );
}
