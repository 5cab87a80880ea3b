// The store's settings are shared: admins schedule in its zone, players see when a promised time is in another.
export { storeSettingsQueryOptions, useStoreTimeZone } from '@/lib/api/store-settings';
