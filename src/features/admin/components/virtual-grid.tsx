import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useGridLayout } from '../lib/use-grid-layout';
import { Grid } from './admin-cards';

/** Up to this many cards a grid is drawn whole (a plain grid); past it, a window at a time. */
export const PLAIN_GRID_UP_TO = 60;

/**
 * The admin card grids (User Item Submissions, Scheduled Pickups, Collected) drawn a row at a time (issue 33 item 6,
 * in place of 'Show more'), with @tanstack/react-virtual as the request lists are (virtual-request-list.tsx). The
 * grid keeps its CSS columns, so a long grid looks as a short one does: only the cards of the rows in view (and a
 * couple either side) are in the page, and the rows above and below are padding. It scrolls with Admin Control's own
 * body (its nearest scrolling ancestor), so there is no box within a box; rows are measured as drawn, because a
 * card's height depends on its conversation and history. Each card is a list item (the grid's child): it is told its
 * place in the whole list (aria-setsize / aria-posinset), since only a window of the list is in the page.
 */
function Grids<T>({
  items,
  getKey,
  label,
  card,
  plainUpTo = PLAIN_GRID_UP_TO,
}: {
  items: readonly T[];
  getKey: (item: T) => number | string;
  label: string;
  /** The item's card: a list item (a Card) keyed by the item. */
  card: (item: T) => ReactNode;
  /** Up to this many cards the grid is drawn whole. */
  plainUpTo?: number;
}) {
  if (items.length <= plainUpTo) return <Grid aria-label={label}>{items.map(card)}</Grid>;
  return <WindowedGrid items={items} getKey={getKey} label={label} card={card} />;
}

/** Memoised: given the same items and the same `card` function, a view's own state change (a dialog opening) does not
 * draw the cards again. */
export const VirtualGrid = memo(Grids) as typeof Grids;

function WindowedGrid<T>({
  items,
  getKey,
  label,
  card,
}: {
  items: readonly T[];
  getKey: (item: T) => number | string;
  label: string;
  card: (item: T) => ReactNode;
}) {
  const grid = useRef<HTMLUListElement>(null);
  const { columns, gap, scroller, margin } = useGridLayout(grid);
  const rows = Math.ceil(items.length / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller,
    estimateSize: () => 520,
    gap,
    overscan: 2,
    scrollMargin: margin,
    getItemKey: (row) => getKey(items[row * columns]),
  });
  const shown = virtualizer.getVirtualItems();
  const first = shown[0];
  const last = shown.at(-1);
  const top = first ? first.start - margin : 0;
  const bottom = last ? virtualizer.getTotalSize() - (last.end - margin) : 0;

  // The cards are the list items themselves, found among the grid's children. Each is told its place in the whole
  // list; the first card of each row is measured (a grid row is as tall as its tallest card, and the cards are
  // stretched to it).
  useLayoutEffect(() => {
    const cards = grid.current?.children;
    if (!cards) return;
    let at = 0;
    for (const row of shown) {
      const inRow = Math.min(columns, items.length - row.index * columns);
      for (let i = 0; i < inRow; i++) {
        cards[at + i]?.setAttribute('aria-setsize', String(items.length));
        cards[at + i]?.setAttribute('aria-posinset', String(row.index * columns + i + 1));
      }
      const first = cards[at];
      if (first) {
        first.setAttribute('data-index', String(row.index));
        virtualizer.measureElement(first);
      }
      at += inRow;
    }
  });

  return (
    <Grid ref={grid} aria-label={label} data-testid="virtual-grid" style={{ paddingTop: top, paddingBottom: Math.max(0, bottom) }}>
      {shown.flatMap((row) => items.slice(row.index * columns, row.index * columns + columns).map(card))}
    </Grid>
  );
}
