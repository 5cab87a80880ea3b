import type { ExportKind } from '../../../src/domain/schemas/business';
import { auditLog, type AuditQuery } from './audit-log';
import { dashboard } from './dashboard';
import type { BusinessDeps } from './deps';
import { exportCsv } from './export-csv';

/**
 * The super admin's figures (dashboard, CSV export, audit log), days counted in the store's time zone. Each is a file
 * of its own; this binds them to the module's dependencies.
 */
export function createBusinessService(deps: BusinessDeps) {
  return {
    dashboard: () => dashboard(deps),
    /** One CSV file of `kind` for the store days `fromDay` … `toDay` (both included; the last 30 days by default). */
    exportCsv: (kind: ExportKind, fromDay?: string, toDay?: string) => exportCsv(deps, kind, fromDay, toDay),
    /** The audit log, newest first, 100 rows a page (`before`: the last id of the page before). */
    audit: (query: AuditQuery) => auditLog(deps, query),
  };
}
export type BusinessService = ReturnType<typeof createBusinessService>;
