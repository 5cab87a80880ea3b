import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';

/** 'Are you sure you want to remove {item} from your cart?' with Cancel and Remove. */
export function RemoveLineDialog({
  itemName,
  onCancel,
  onRemove,
}: {
  itemName: string | null;
  onCancel: () => void;
  onRemove: () => void;
}) {
  return (
    <Dialog
      open={itemName !== null}
      onClose={onCancel}
      title="Remove item"
      alert
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" $variant="danger" onClick={onRemove}>
            Remove
          </Button>
        </>
      }
    >
      <p>Are you sure you want to remove {itemName} from your cart?</p>
    </Dialog>
  );
}
