import { CONTACT_REQUIRED_MESSAGE, type ContactBody, type SystemStats } from '../../../src/domain/schemas/users';
import type { Transactions } from '../../db/engine';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { AuthService } from '../auth/service';
import { toContactInfo, toMarketplaceUser, toSessionUser, type UserRow, type UsersRepository } from './repository';

/** Contact details, and the super admin's user management and statistics. */
export function createUsersService({
  tx,
  users,
  authService,
  promiseStats,
}: {
  tx: Transactions;
  users: UsersRepository;
  authService: AuthService;
  promiseStats: () => Promise<Pick<SystemStats, 'promisesKeptPercent' | 'creditsGranted' | 'creditOutstanding'>>;
}) {
  async function find(username: string): Promise<UserRow> {
    const row = await users.findByName(username);
    if (!row) throw notFound(`There is no user named '${username}'`);
    return row;
  }

  async function changeable(username: string): Promise<UserRow> {
    const row = await find(username);
    if (row.is_super_admin) throw forbidden('The super admin cannot be changed or deleted');
    return row;
  }

  return {
    contact: async (username: string) => toContactInfo(await find(username)),

    /** A field left out keeps its value; empty or null clears it; at least one must remain. */
    updateContact(userId: number, body: ContactBody) {
      return tx.run(async () => {
        const row = (await users.findById(userId))!;
        const pick = (value: string | null | undefined, current: string | null) => (value === undefined ? current : value || null);
        const email = pick(body.contactEmail, row.contact_email);
        const ps5 = pick(body.ps5Username, row.ps5_username);
        const roblox = pick(body.robloxUsername, row.roblox_username);
        if (!email && !ps5 && !roblox) throw badRequest(CONTACT_REQUIRED_MESSAGE);
        await users.setContact(userId, email, ps5, roblox);
        return toSessionUser((await users.findById(userId))!);
      });
    },

    list: async () => (await users.list()).map(toMarketplaceUser),

    async setAdmin(username: string, isAdmin: boolean) {
      const row = await tx.run(async () => {
        const target = await changeable(username);
        await users.setAdmin(target.id, isAdmin);
        return target;
      });
      // A demotion ends the user's sessions at once, so the lost rights apply immediately.
      if (!isAdmin && row.is_admin) await authService.endUserSessions(row.id, 'admin-removed');
      return toMarketplaceUser((await users.findById(row.id))!);
    },

    remove(username: string) {
      return tx.run(async () => {
        const target = await changeable(username);
        await authService.endUserSessions(target.id, 'account-deleted');
        await users.remove(target.id);
        return target;
      });
    },

    async stats(): Promise<SystemStats> {
      const { byStatus } = users;
      const purchases = await byStatus('purchase_requests');
      const submissions = await byStatus('item_submissions');
      const sum = (values: Record<string, number | undefined>) => Object.values(values).reduce<number>((a, b) => a + (b ?? 0), 0);
      return {
        totalUsers: await users.countUsers(),
        admins: await users.countAdmins(),
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
        ...(await promiseStats()),
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
