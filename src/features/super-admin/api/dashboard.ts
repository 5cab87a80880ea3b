import { queryOptions } from '@tanstack/react-query';
import type { RecordKind } from '@/domain/record-kind';
import { type AuditEntry, Dashboard } from '@/domain/schemas/business';
import { apiRequest } from '@/lib/api-client';
import { withOfflineSnapshot } from '@/lib/offline-snapshot';

/** GET /api/admin/dashboard: the business at a glance, read again every 15 s while it is shown. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: ['super-admin', 'dashboard'],
    queryFn: async (context) =>
      Dashboard.parse(await withOfflineSnapshot(({ signal }) => apiRequest<unknown>('/api/admin/dashboard', { signal }))(context)),
    refetchInterval: 15_000,
    // Read again whenever a view of it opens (useFreshOnOpen keeps an older copy off the screen meanwhile).
    refetchOnMount: 'always',
  });
}

/** The audit log's filters, as the API takes them. */
export interface AuditFilter {
  subjectType: '' | RecordKind | 'user';
  actor: string;
  from: string;
  until: string;
}

/** GET /api/admin/audit: the newest 100 admin actions matching the filter. */
export function auditQueryOptions(filter: AuditFilter) {
  const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value) as Array<[string, string]>);
  return queryOptions({
    queryKey: ['super-admin', 'audit', filter],
    queryFn: ({ signal }) => apiRequest<AuditEntry[]>(`/api/admin/audit?${params}`, { signal }),
  });
}
