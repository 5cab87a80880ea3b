import { useCatalogue } from '@/lib/catalogue/catalogue-query';

/** The catalogue's items a player can sell now (the server's, issue 49), read as soon as the sell screen opens. */
export function useSellableItems() {
  const catalogue = useCatalogue();
  return {
    items: (catalogue.data?.items ?? []).filter((item) => item.status === 'active'),
    /** Not loaded, and no copy saved. */
    failed: catalogue.isError && !catalogue.data,
    retry: () => void catalogue.refetch(),
  };
}

export type SellableItems = ReturnType<typeof useSellableItems>;
