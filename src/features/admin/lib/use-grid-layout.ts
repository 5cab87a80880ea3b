import { useLayoutEffect, useState, type RefObject } from 'react';

/** How a card grid is laid out in the page, as the windowed grid needs it (virtual-grid.tsx). */
export interface GridLayout {
  columns: number;
  gap: number;
  /** The nearest scrolling ancestor, null for the page itself. */
  scroller: HTMLElement | null;
  /** Where the grid starts in its scroller. */
  margin: number;
}

/** The grid's columns and row gap as the browser resolved them, its scrolling ancestor, and where it starts in it; measured again when it or its parent resizes. */
export function useGridLayout(grid: RefObject<HTMLElement | null>): GridLayout {
  const [layout, setLayout] = useState<GridLayout>({ columns: 1, gap: 12, scroller: null, margin: 0 });

  useLayoutEffect(() => {
    const element = grid.current;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const columns = Math.max(1, style.gridTemplateColumns.split(' ').filter(Boolean).length);
      const gap = parseFloat(style.rowGap) || 0;
      const scroller = scrollParent(element);
      const margin = scroller
        ? element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
        : element.getBoundingClientRect().top + window.scrollY;
      setLayout((old) =>
        old.columns === columns && old.gap === gap && old.scroller === scroller && Math.abs(old.margin - margin) < 1
          ? old
          : { columns, gap, scroller, margin },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, []);

  return layout;
}

const scrolls = /^(auto|scroll)$/;

/** The nearest ancestor that scrolls vertically (Admin Control's body), or null for the page itself. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    // overflow-y, or the shorthand when it is one word for both (jsdom does not expand it to overflow-y).
    const { overflowY, overflow } = getComputedStyle(parent);
    if (scrolls.test(overflowY) || scrolls.test(overflow)) return parent;
  }
  return null;
}
