import { CONTACT_REQUIRED_MESSAGE, type ContactBody, type SystemStats } from '../../../src/domain/schemas/users';
import type { Db } from '../../db/connection';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { AuthService } from '../auth/service';
import { toContactInfo, toMarketplaceUser, toSessionUser, type UserRow, type UsersRepository } from './repository';

/** Contact details, and the super admin's user management and statistics. */
export function createUsersService({
  db,
  users,
  authService,
  promiseStats,
}: {
  db: Db;
  users: UsersRepository;
  authService: AuthService;
  promiseStats: () => Pick<SystemStats, 'promisesKeptPercent' | 'creditsGranted' | 'creditOutstanding'>;
}) {
  function find(username: string): UserRow {
    const row = users.findByName(username);
    if (!row) throw notFound(`There is no user named '${username}'`);
    return row;
  }

  function changeable(username: string): UserRow {
    const row = find(username);
    if (row.is_super_admin) throw forbidden('The super admin cannot be changed or deleted');
    return row;
  }

  const count = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;

  return {
    contact: (username: string) => toContactInfo(find(username)),

    /** A field left out keeps its value; empty or null clears it; at least one must remain. */
    updateContact(userId: number, body: ContactBody) {
      return db.transaction(() => {
        const row = users.findById(userId)!;
        const pick = (value: string | null | undefined, current: string | null) => (value === undefined ? current : value || null);
        const email = pick(body.contactEmail, row.contact_email);
        const ps5 = pick(body.ps5Username, row.ps5_username);
        const roblox = pick(body.robloxUsername, row.roblox_username);
        if (!email && !ps5 && !roblox) throw badRequest(CONTACT_REQUIRED_MESSAGE);
        users.setContact(userId, email, ps5, roblox);
        return toSessionUser(users.findById(userId)!);
      })();
    },

    list: () => users.list().map(toMarketplaceUser),

    setAdmin(username: string, isAdmin: boolean) {
      const row = db.transaction(() => {
        const target = changeable(username);
        users.setAdmin(target.id, isAdmin);
        return target;
      })();
      // A demotion ends the user's sessions at once, so the lost rights apply immediately.
      if (!isAdmin && row.is_admin) authService.endUserSessions(row.id, 'admin-removed');
      return toMarketplaceUser(users.findById(row.id)!);
    },

    remove(username: string) {
      const row = db.transaction(() => {
        const target = changeable(username);
        authService.endUserSessions(target.id, 'account-deleted');
        users.remove(target.id);
        return target;
      })();
      return row;
    },

    stats(): SystemStats {
      const byStatus = (table: string) =>
        Object.fromEntries(
          (db.prepare(`SELECT status, COUNT(*) AS n FROM ${table} GROUP BY status`).all() as Array<{ status: string; n: number }>).map(
            (row) => [row.status, row.n],
          ),
        ) as Record<string, number | undefined>;
      const purchases = byStatus('purchase_requests');
      const submissions = byStatus('item_submissions');
      const sum = (values: Record<string, number | undefined>) => Object.values(values).reduce<number>((a, b) => a + (b ?? 0), 0);
      return {
        totalUsers: count('SELECT COUNT(*) FROM users'),
        admins: count('SELECT COUNT(*) FROM users WHERE is_admin = 1 OR is_super_admin = 1'),
        purchaseRequests: {
          total: sum(purchases),
          pending: purchases.pending ?? 0,
          approved: purchases.approved ?? 0,
          rejected: purchases.rejected ?? 0,
          completed: purchases.completed ?? 0,
        },
        submissions: {
          total: sum(submissions),
          pending: submissions.pending ?? 0,
          rejected: submissions.rejected ?? 0,
          scheduled: submissions.scheduled ?? 0,
        },
        ...promiseStats(),
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
