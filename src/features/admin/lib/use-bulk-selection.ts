import { useEffect, useState } from 'react';
import { NO_SELECTION, pruneSelection, toggleSelection, type BulkSelection } from './bulk-selection';

/** Select mode of a list (issue 33 item 5): on or off, the one player's records picked, and the last refusal. */
export function useBulkSelection(presentIds: readonly number[]) {
  const [selecting, setSelecting] = useState(false);
  const [selection, setSelection] = useState<BulkSelection>(NO_SELECTION);
  const [refused, setRefused] = useState<string | null>(null);

  // A record that left the list (collected by another admin, filtered out) leaves the selection too.
  const key = presentIds.join(',');
  useEffect(() => {
    setSelection((current) => pruneSelection(current, new Set(presentIds)));
  }, [key]);

  return {
    selecting,
    selection,
    refused,
    start: () => setSelecting(true),
    stop: () => {
      setSelecting(false);
      setSelection(NO_SELECTION);
      setRefused(null);
    },
    toggle: (id: number, player: string | null) => {
      const next = toggleSelection(selection, id, player);
      setSelection(next.selection);
      setRefused(next.refused);
    },
    /** True for a record of another player than the one whose records are picked. */
    isOther: (player: string | null) =>
      selection.ids.length > 0 && (!player || player.toLowerCase() !== (selection.player ?? '').toLowerCase()),
  };
}
