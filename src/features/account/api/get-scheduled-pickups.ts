import { useQuery } from '@tanstack/react-query';
import { scheduledPickupsQueryOptions } from '@/lib/api/scheduled-pickups';

/** GET /api/scheduled-pickups (a player gets the pickups of their own submissions), fetched only while the sell tab is open. */
export function useScheduledPickups(enabled: boolean) {
  return useQuery({ ...scheduledPickupsQueryOptions(), enabled });
}
