import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useLingui } from '@/lib/i18n/react';

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
  const { _ } = useLingui();
  return (
    <Dialog
      open={itemName !== null}
      onClose={onCancel}
      title={_('Remove item')}
      alert
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {_('Cancel')}
          </Button>
          <Button type="button" $variant="danger" onClick={onRemove}>
            {_('Remove')}
          </Button>
        </>
      }
    >
      <p>{_('Are you sure you want to remove {item} from your cart?', { item: itemName })}</p>
    </Dialog>
  );
}
