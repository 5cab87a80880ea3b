import { Dialog } from '../dialog';
import { ValueCard } from './value-card';
import { useLingui } from '@/lib/i18n/react';

/** An item's value card in a dialog (the shop's quantity question, Sell, the catalogue grid open it). */
export function ValueCardDialog({ item, onClose }: { item: { id: string; name: string; unit?: string } | null; onClose: () => void }) {
  const { _ } = useLingui();
  return (
    <Dialog open={item !== null} onClose={onClose} size="md" title={item ? _('{name} — value', { name: item.name }) : ''}>
      {item && <ValueCard itemId={item.id} unit={item.unit} />}
    </Dialog>
  );
}
