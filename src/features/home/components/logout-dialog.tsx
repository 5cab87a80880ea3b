import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';

/** 'Confirm Logout': 'Are you sure you want to log out?' with Cancel and Logout. */
export function LogoutDialog({
  open,
  onCancel,
  onConfirm,
  pending,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <Dialog
      open={open}
      alert
      title="Confirm Logout"
      description="Are you sure you want to log out?"
      onClose={onCancel}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" $variant="danger" onClick={onConfirm} disabled={pending}>
            Logout
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
