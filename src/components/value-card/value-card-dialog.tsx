import { Dialog } from '../dialog';
import { ValueCard } from './value-card';

/** An item's value card in a dialog (the shop's quantity question, Sell, the catalogue grid open it). */
export function ValueCardDialog({ item, onClose }: { item: { id: string; name: string; unit?: string } | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onClose={onClose} size="md" title={item ? `${item.name} — value` : ''}>
      {item && <ValueCard itemId={item.id} unit={item.unit} />}
    </Dialog>
  );
}
