import { useLingui } from '@/lib/i18n/react';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { fromTablet } from './theme';

export interface ChipOption<T extends string> {
  value: T;
  label: string;
  count?: number;
}

/**
 * A row of filter chips; one is pressed. On a phone the chips keep their whole label on one line and the row scrolls
 * sideways (snapping to a chip), faded at the edge that has more; from a tablet up they wrap.
 */
export function Chips<T extends string>({
  options,
  value,
  onChange,
  label,
}: {
  options: readonly ChipOption<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
}) {
  const { _ } = useLingui();
  const rowRef = useRef<HTMLDivElement>(null);
  const more = useHiddenChips(rowRef);

  // The pressed chip is brought into the row's view (a filter chosen elsewhere, e.g. by a link, may sit off the edge).
  // A row that wraps (a tablet) never hides a chip: it is left unmeasured, as measuring at each tap made the browser
  // lay out the whole screen in the middle of the tap's render (issue 33 item 6).
  useLayoutEffect(() => {
    const row = rowRef.current;
    const pressed = row?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!row || !pressed || getComputedStyle(row).overflowX === 'visible' || row.scrollWidth <= row.clientWidth) return;
    const left = pressed.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    if (left < row.scrollLeft || left + pressed.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = Math.max(0, left - 6);
  }, [value]);

  return (
    <Row ref={rowRef} role="group" aria-label={label} data-more-start={more.start || undefined} data-more-end={more.end || undefined}>
      {options.map((option) => (
        <Chip key={option.value} type="button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          <ChipLabel>{_(option.label)}</ChipLabel>
          {option.count !== undefined && <Count>{option.count}</Count>}
        </Chip>
      ))}
    </Row>
  );
}

/** Whether chips are hidden past either end of a scrolling row, kept current as it scrolls or resizes. */
function useHiddenChips(rowRef: RefObject<HTMLDivElement | null>) {
  const [more, setMore] = useState({ start: false, end: false });
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const measure = () => {
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setMore((current) => (current.start === start && current.end === end ? current : { start, end }));
    };
    row.addEventListener('scroll', measure, { passive: true });
    // The observer's first call comes after the browser's own layout, before the paint: measuring here as well would
    // force a layout of the whole screen in the middle of mounting it.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) observer.observe(row);
    else measure();
    return () => {
      row.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [rowRef]);
  return more;
}

const FADE = '28px';

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  /* Room for the focus ring, which a scrolling box would clip; the negative margin keeps the row where it was. */
  padding: 6px;
  margin: -4px -6px -2px;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scroll-snap-type: x proximity;
  scroll-padding-inline: 6px;
  scrollbar-width: none;
  &::-webkit-scrollbar {
    display: none;
  }
  &[data-more-end] {
    mask-image: linear-gradient(to right, #000 calc(100% - ${FADE}), transparent);
  }
  &[data-more-start] {
    mask-image: linear-gradient(to left, #000 calc(100% - ${FADE}), transparent);
  }
  &[data-more-start][data-more-end] {
    mask-image: linear-gradient(to right, transparent, #000 ${FADE}, #000 calc(100% - ${FADE}), transparent);
  }
  ${fromTablet} {
    flex-wrap: wrap;
    overflow-x: visible;
    mask-image: none;
  }
`;

const Chip = styled.button`
  flex: none;
  scroll-snap-align: start;
  min-height: ${({ theme }) => theme.touch};
  padding: 0 ${({ theme }) => theme.space(3.5)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surfaceRaised};
  color: ${({ theme }) => theme.color.textMuted};
  font-weight: 700;
  font-size: 0.9rem;
  white-space: nowrap;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
  }
`;

// A label shows as written, its first letter raised (the purchase filters are their lower-case values): capitalising
// every word showed the specification's "Most recent" as "Most Recent" (issue 52.5).
const ChipLabel = styled.span`
  &::first-letter {
    text-transform: uppercase;
  }
`;

const Count = styled.span`
  flex: none;
  min-width: 1.4rem;
  padding: 0 0.35rem;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(0, 0, 0, 0.25);
  font-size: 0.75rem;
  line-height: 1.4rem;
  text-align: center;
`;
