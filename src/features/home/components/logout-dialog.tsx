import { useLingui } from '@/lib/i18n/react';
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
  const { _ } = useLingui();
  return (
    <Dialog
      open={open}
      alert
      title={_('Confirm Logout')}
      description={_('Are you sure you want to log out?')}
      onClose={onCancel}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {_('Cancel')}
          </Button>
          <Button type="button" $variant="danger" onClick={onConfirm} disabled={pending}>
            {_('Logout')}
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
