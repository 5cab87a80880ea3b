import { useEffect, useRef, useState } from 'react';

/** An error shown for `ms` and then gone; showing another starts the time again. Cleared when the form goes. */
export function usePassingError(ms: number) {
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = (message: string) => {
    setError(message);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setError(null), ms);
  };
  return { error, show };
}
