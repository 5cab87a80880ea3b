import { queryOptions } from '@tanstack/react-query';
import {
  CatalogueHistoryResponse,
  type CatalogueEntryJson,
  type CatalogueHistoryEntry,
  type CreateCatalogueItemJson,
  type UpdateCatalogueItemJson,
} from '@/domain/schemas/catalogue';
import { type CatalogueImportResult } from '@/domain/schemas/catalogue-csv';
import { apiRequest } from '@/lib/api-client';

/** POST /api/admin/catalogue/items (the super admin) → the new item. */
export const createItem = (body: CreateCatalogueItemJson, key: string) =>
  apiRequest<CatalogueEntryJson>('/api/admin/catalogue/items', { method: 'POST', body, idempotencyKey: key, noStore: true });

/** PATCH /api/admin/catalogue/items/{id} → the item as it is now. */
export const updateItem = (id: string, body: UpdateCatalogueItemJson, key: string) =>
  apiRequest<CatalogueEntryJson>(`/api/admin/catalogue/items/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    idempotencyKey: key,
    noStore: true,
  });

/** GET /api/admin/catalogue/items/{id}/history: every change, newest first. */
export function itemHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['/api/admin/catalogue/items', id, 'history'] as const,
    queryFn: async ({ signal }): Promise<CatalogueHistoryEntry[]> =>
      CatalogueHistoryResponse.parse(await apiRequest<unknown>(`/api/admin/catalogue/items/${encodeURIComponent(id)}/history`, { signal })),
    staleTime: 0,
  });
}

/** POST /api/admin/catalogue/import: a preview (apply false) or the import itself. */
export const importCsv = (csv: string, reason: string, apply: boolean) =>
  apiRequest<CatalogueImportResult>('/api/admin/catalogue/import', { method: 'POST', body: { csv, reason, apply }, noStore: true });
