import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Pixels from the bottom within which a scrolled list counts as fully seen (sub-pixel rounding, a last border). */
const SLACK_PX = 4;

/**
 * Whether a scrolling box has content below what it shows: true until the player has scrolled to its end, false when
 * everything fits. Re-checked on scroll and whenever the box or its content changes size.
 */
export function useMoreBelow(ref: RefObject<HTMLElement | null>): boolean {
  const [moreBelow, setMoreBelow] = useState(false);
  const check = useCallback(() => {
    const box = ref.current;
    setMoreBelow(box !== null && box.scrollHeight - box.scrollTop - box.clientHeight > SLACK_PX);
  }, [ref]);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    check();
    box.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(box);
    for (const child of box.children) observer?.observe(child);
    return () => {
      box.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  });

  return moreBelow;
}
