import { Dashboard, type DashboardJson } from '../../src/domain/schemas/business';

/** GET /api/admin/dashboard's answer as the API writes it (dollars), once checked to have the documented shape. */
export function dashboardJson(body: unknown): DashboardJson {
  Dashboard.parse(body);
  return body as DashboardJson;
}
