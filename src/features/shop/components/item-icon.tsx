// Small inline icons per kind of item: no image downloads, crisp at any size, no emoji font needed.
export type IconKind = 'cash' | 'gun' | 'melee' | 'ammo' | 'soil' | 'fertilizer' | 'seeds' | 'pots' | 'consumable' | 'hacking' | 'guard';

const paths: Record<IconKind, string> = {
  cash: 'M3 6h18v12H3V6Zm2 2v8h14V8H5Zm7 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM6 9h2v2H6V9Zm10 4h2v2h-2v-2Z',
  gun: 'M2 8h15l1-2h2v2h2v3h-7l-1 2h-3l-1 3H6l1-3-1-1H2V8Zm9 5 .6-1h1.6l-.6 1H11Z',
  melee: 'M20 2 9.5 12.5l2 2L22 4V2h-2ZM8 14l-2 2-2-1-2 2 5 5 2-2-1-2 2-2-2-2Z',
  ammo: 'M6 3c1.5 0 3 2 3 5v11H3V8c0-3 1.5-5 3-5Zm6 0c1.5 0 3 2 3 5v11H9.5V8c0-3 1-5 2.5-5Zm6 0c1.5 0 3 2 3 5v11h-6V8c0-3 1.5-5 3-5Z',
  soil: 'M2 14c3-2 6-2 10-1s7 1 10-1v8H2v-6Zm4 3h2v2H6v-2Zm6-1h2v2h-2v-2Zm5 1h2v2h-2v-2Z',
  fertilizer: 'M7 2h10v3l2 3v14H5V8l2-3V2Zm2 8v8h6v-8H9Zm1 2h4v4h-4v-4Z',
  seeds: 'M12 22c-1-4-1-7 0-10-4 0-7-3-7-8 4 0 7 3 7 7 0-5 3-8 7-8 0 5-3 8-7 9Z',
  pots: 'M4 8h16l-2 13H6L4 8Zm-1-4h18v3H3V4Z',
  consumable: 'M9 2h6v3h-1v2l4 4v11H6V11l4-4V5H9V2Zm2 11v2H9v2h2v2h2v-2h2v-2h-2v-2h-2Z',
  hacking: 'M8 4h8v2h2v2h2v2h-2v4h2v2h-2v2h-2v2H8v-2H6v-2H4v-2h2v-4H4V8h2V6h2V4Zm1 5v6h6V9H9Z',
  guard: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm0 4 4 1.5V11c0 3-1.7 5.8-4 7V6Z',
};

/** An item icon drawn in the current colour. */
export function ItemIcon({ kind, size = 36 }: { kind: IconKind; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="currentColor" fillRule="evenodd" d={paths[kind]} />
    </svg>
  );
}

/** The icon for a catalogue subcategory. */
export function iconForSubcategory(subcategory: string): IconKind {
  switch (subcategory) {
    case 'cash':
    case 'custom cash':
      return 'cash';
    case 'guns':
      return 'gun';
    case 'melee':
      return 'melee';
    case 'ammo':
      return 'ammo';
    case 'soil':
    case 'fertilizer':
    case 'seeds':
    case 'pots':
      return subcategory;
    case 'consumables':
      return 'consumable';
    default:
      return 'hacking';
  }
}
