// Bulk at a drop (issue 33 item 5): an admin selects several pickups or approved drops of ONE player and moves them
// together. What may be selected, and what a selection becomes when the list changes under it.
import { i18n } from '@/lib/i18n/i18n';

/** The selected records (ids, in the order they were picked) and the one player they belong to. */
export interface BulkSelection {
  player: string | null;
  ids: readonly number[];
}

export const NO_SELECTION: BulkSelection = { player: null, ids: [] };

const samePlayer = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Why a record cannot join the selection (another player's, or no player known), or null when it can. */
export function refusal(selection: BulkSelection, player: string | null): string | null {
  if (!player) return i18n._('This item has no player on record, so it can only be handled on its own.');
  if (selection.player && selection.ids.length > 0 && !samePlayer(selection.player, player))
    return i18n._("Only one player's items can be handled together: {selected}'s are selected. Clear the selection to pick {player}'s.", {
      selected: selection.player,
      player,
    });
  return null;
}

/** Selects or unselects one record; a record of another player is refused (the selection stays as it was). */
export function toggleSelection(
  selection: BulkSelection,
  id: number,
  player: string | null,
): { selection: BulkSelection; refused: string | null } {
  if (selection.ids.includes(id)) {
    const ids = selection.ids.filter((other) => other !== id);
    return { selection: { player: ids.length ? selection.player : null, ids }, refused: null };
  }
  const refused = refusal(selection, player);
  if (refused) return { selection, refused };
  return {
    selection: { player: selection.player && selection.ids.length ? selection.player : player, ids: [...selection.ids, id] },
    refused: null,
  };
}

/** Keeps only the selected records still in the list (another admin may have collected one meanwhile). */
export function pruneSelection(selection: BulkSelection, present: ReadonlySet<number>): BulkSelection {
  const ids = selection.ids.filter((id) => present.has(id));
  if (ids.length === selection.ids.length) return selection;
  return ids.length ? { ...selection, ids } : NO_SELECTION;
}
