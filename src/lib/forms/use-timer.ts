import { useCallback, useEffect, useRef } from 'react';

/**
 * One pending timeout owned by a component: `start` replaces the one pending, `cancel` drops it, and it is dropped when
 * the component unmounts (a form's message that hides itself, the step after a success).
 */
export function useTimer() {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(
    (run: () => void, ms: number) => {
      cancel();
      timer.current = setTimeout(run, ms);
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  return { start, cancel };
}
