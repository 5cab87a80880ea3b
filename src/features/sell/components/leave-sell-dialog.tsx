import { useLingui } from '@/lib/i18n/react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';

/**
 * Asked when the player leaves Sell with a photo on it (issue 47.4): nothing is thrown away without a word. Leaving
 * keeps the photo and choices on this device for the next visit; Discard removes them.
 */
export function LeaveSellDialog({
  open,
  onStay,
  onLeave,
  onDiscard,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
  onDiscard: () => void;
}) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onStay}
      alert
      title={_('Leave without sending?')}
      description={_(
        'Your item has not been sent. Its photo and your choices stay on this device, so you can finish it when you come back.',
      )}
      actions={
        <>
          <Button type="button" $variant="secondary" onClick={onDiscard}>
            {_('Discard')}
          </Button>
          <Button type="button" $variant="secondary" onClick={onLeave}>
            {_('Leave')}
          </Button>
          <Button type="button" onClick={onStay}>
            {_('Stay')}
          </Button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
