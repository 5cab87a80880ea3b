import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import type { PurchaseRequest } from '@/domain/schemas/purchases';
import { fromTablet } from '@/components/theme';

/**
 * A long request list drawn a window at a time (issue 33 item 6): with 10,000 requests only the rows in view (and a
 * few either side) are in the page, so opening the list, a letter typed or a new sort paints at once. The scroll
 * box is the list itself, as the short list's column is on a tablet.
 */
export function VirtualRequestList({
  requests,
  label,
  row,
}: {
  requests: readonly PurchaseRequest[];
  label: string;
  row: (request: PurchaseRequest) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: requests.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 84,
    overscan: 6,
    getItemKey: (index) => requests[index].id,
  });
  return (
    <Scroller ref={scroller} data-testid="virtual-list">
      <ul aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            aria-setsize={requests.length}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            {row(requests[item.index])}
          </li>
        ))}
      </ul>
    </Scroller>
  );
}

const Scroller = styled.div`
  max-height: 60dvh;
  overflow: auto;
  ${fromTablet} {
    max-height: calc(100dvh - 16rem);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    position: relative;
  }
  li {
    position: absolute;
    top: 0;
    left: 0;
    width: 100%;
    padding: 0 ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)} 0;
  }
`;
