import { useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { i18n } from '@/lib/i18n/i18n';

/** How many entries a list shows before 'Show more': a tablet stays quick with thousands of requests. */
export const PAGE_SIZE = 40;

/** The first entries of a list and a 'Show more' button for the rest. */
export function useShowMore<T>(items: readonly T[], pageSize = PAGE_SIZE): { visible: readonly T[]; more: ReactNode } {
  const [count, setCount] = useState(pageSize);
  const hidden = items.length - count;
  return {
    visible: hidden > 0 ? items.slice(0, count) : items,
    more:
      hidden > 0 ? (
        <Button
          type="button"
          $variant="secondary"
          $block
          onClick={() => setCount((shown) => shown + pageSize)}
          style={{ marginTop: '0.75rem' }}
        >
          {i18n._('Show more ({count} more)', { count: hidden })}
        </Button>
      ) : null,
  };
}
