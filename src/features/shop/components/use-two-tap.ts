import { useState } from 'react';
import type { ShopItem } from '@/lib/catalogue/catalogue-query';

/** Two-tap add: the first tap reveals the price, a second tap on the same item opens the quantity dialog. */
export function useTwoTap() {
  const [revealedId, setRevealedId] = useState<string | null>(null);
  const [choosingId, setChoosingId] = useState<string | null>(null);
  const onTap = (item: ShopItem) => {
    if (revealedId === item.id) {
      setChoosingId(item.id);
      setRevealedId(null);
    } else {
      setRevealedId(item.id);
    }
  };
  return { revealedId, onTap, choosingId, stopChoosing: () => setChoosingId(null) };
}
