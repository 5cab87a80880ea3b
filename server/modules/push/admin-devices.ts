import { sql } from 'kysely';
import type { SocketMessageJson as SocketMessage } from '../../../src/domain/socket-messages';
import type { AdminSubscriptionRow } from './repository';

/** Every admin's and the super admin's devices, each with its owner's saved language (their notices are written in it). */
export const ADMIN_DEVICES = sql<AdminSubscriptionRow>`SELECT s.*, u.language FROM push_subscriptions s JOIN users u ON u.id = s.user_id
  WHERE u.is_admin = 1 OR u.is_super_admin = 1`;

/**
 * PostgreSQL: the admins' devices as one JSON array, for a statement that writes a record admins are told of to
 * answer beside it (issue 46): its admin notice then costs no query of its own after the commit.
 */
export const ADMIN_DEVICES_JSON = sql<AdminSubscriptionRow[]>`(SELECT coalesce(json_agg(d), '[]'::json) FROM (${ADMIN_DEVICES}) d)`;

const readAlong = new WeakMap<SocketMessage, AdminSubscriptionRow[]>();

/**
 * The admins' devices as the statement that wrote `message`'s record read them: its admin notice is sent to these
 * instead of reading them again. Call before the change is reported committed (the notice is written after).
 */
export function devicesReadAlong(message: SocketMessage, devices: AdminSubscriptionRow[]): void {
  readAlong.set(message, devices);
}

/** The admins' devices read with `message`'s write, if they were (`devicesReadAlong`). */
export const adminDevicesOf = (message: SocketMessage): AdminSubscriptionRow[] | undefined => readAlong.get(message);
