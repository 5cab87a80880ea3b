import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { fromTablet } from '../../../components/theme';

/** Where a card of a virtual grid sits: its ref (measured), its position and its place in the whole list. */
export interface VirtualSlot {
  ref: Ref<HTMLLIElement>;
  style: CSSProperties;
  index: number;
  setSize: number;
}

/** The card grid's column width on a tablet (Grid's minmax(18.5rem, 1fr)) and its gap, in px at 16 px/rem. */
const COLUMN_MIN = 18.5 * 16;
const GAP = 12;

/** How many columns fit the width: one on a phone, as many 18.5 rem columns as fit from the tablet width. */
export const columnsFor = (width: number) => (width < 768 ? 1 : Math.max(1, Math.floor((width + GAP) / (COLUMN_MIN + GAP))));

/**
 * A long card grid drawn a window at a time (issue 33 item 6, instead of "Show more"): with 10,000 submissions only
 * the cards in view (and a few either side) are in the page. Cards keep their own heights (each is measured); each
 * goes to the shortest column (the virtualiser's lanes). The scroll box is the grid itself, as the request lists'.
 */
export function VirtualCardGrid<T>({
  items,
  label,
  itemKey,
  card,
}: {
  items: readonly T[];
  label: string;
  itemKey: (item: T) => number | string;
  card: (item: T, slot: VirtualSlot) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const update = () => setColumns(columnsFor(element.clientWidth));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 420,
    overscan: 4,
    lanes: columns,
    gap: GAP,
    getItemKey: (index) => itemKey(items[index]),
  });
  const width = `calc((100% - ${(columns - 1) * GAP}px) / ${columns})`;
  return (
    <Scroller ref={scroller} data-testid="virtual-grid">
      <ul aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) =>
          card(items[item.index], {
            ref: virtualizer.measureElement,
            index: item.index,
            setSize: items.length,
            style: {
              position: 'absolute',
              top: 0,
              left: item.lane === 0 ? 0 : `calc(${item.lane} * (${width} + ${GAP}px))`,
              width,
              transform: `translateY(${item.start}px)`,
            },
          }),
        )}
      </ul>
    </Scroller>
  );
}

const Scroller = styled.div`
  max-height: calc(100dvh - 12rem);
  overflow: auto;
  overscroll-behavior: contain;
  ${fromTablet} {
    max-height: calc(100dvh - 14rem);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    position: relative;
  }
`;
