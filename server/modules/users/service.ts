import { fromCents } from '../../../src/domain/money';
import { IMMEDIATELY } from '../../../src/domain/drop-schedule';
import {
  CONTACT_REQUIRED_MESSAGE,
  USER_DETAIL_LIMIT,
  type ContactBody,
  type DeletionPreviewJson as DeletionPreview,
  type PlayerContact,
  type SystemStatsJson as SystemStats,
  type UserDetailJson as UserDetail,
} from '../../../src/domain/schemas/users';
import type { ItemSubmission } from '../../../src/domain/schemas/submissions';
import { payoutCents } from '../pickups/service';
import { sellPriceLookup } from '../catalogue/view';
import type { Tx } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import type { Hub } from '../../realtime/hub';
import type { AuthService } from '../auth/service';
import { nowIso } from '../../lib/time';
import { recordTransition } from '../history/audit';
import {
  toMarketplaceUser,
  toSessionUserWithLanguage,
  toSessionUser,
  type AuthUser,
  type UserRow,
  type UsersRepository,
} from './repository';

/** What the users' use cases need. */
export interface UsersServiceDeps {
  /** The database: reads outside a transaction, and `tx.run` to open one. */
  tx: Tx;
  users: UsersRepository;
  authService: AuthService;
  /** Told of role changes: every process's sockets take the new role (server/realtime/hub.ts). */
  hub: Pick<Hub, 'userChanged'>;
  promiseStats: () => Promise<Pick<SystemStats, 'promisesKeptPercent' | 'creditsGranted' | 'creditOutstanding'>>;
  /** Ends a deleted account's open promises, in the deletion's transaction. */
  endPromisesOf: (tx: Tx, userId: number, actor: AuthUser) => Promise<void>;
}

async function findUser({ users }: UsersServiceDeps, tx: Tx, username: string): Promise<UserRow> {
  const row = await users.findByName(tx, username);
  if (!row) throw notFound(`There is no user named '${username}'`);
  return row;
}

/** A user the super admin may change or delete: anyone but the super admin. */
async function changeableUser(deps: UsersServiceDeps, tx: Tx, username: string): Promise<UserRow> {
  const row = await findUser(deps, tx, username);
  if (row.is_super_admin) throw forbidden('The super admin cannot be changed or deleted');
  return row;
}

/** A player's contact details, and the lists of players and their contacts. */
function contactUseCases(deps: UsersServiceDeps) {
  const { tx, users, hub } = deps;
  const find = (tx: Tx, username: string) => findUser(deps, tx, username);
  return {
    contact: async (username: string) => toSessionUserWithLanguage(await find(tx, username)),

    /** A field left out keeps its value; empty or null clears it; at least one must remain. */
    async updateContact(userId: number, body: ContactBody) {
      const updated = await tx.run(async (tx) => {
        const row = (await users.findById(tx, userId))!;
        const pick = (value: string | null | undefined, current: string | null) => (value === undefined ? current : value || null);
        const email = pick(body.contactEmail, row.contact_email);
        const ps5 = pick(body.ps5Username, row.ps5_username);
        const roblox = pick(body.robloxUsername, row.roblox_username);
        const contactGiven = body.contactEmail !== undefined || body.ps5Username !== undefined || body.robloxUsername !== undefined;
        // A save of the language alone (Account's Language setting) asks nothing of the contact.
        if (!email && !ps5 && !roblox && (contactGiven || body.language === undefined)) throw badRequest(CONTACT_REQUIRED_MESSAGE);
        if (contactGiven || body.language === undefined) await users.setContact(tx, userId, email, ps5, roblox);
        if (body.language !== undefined) await users.setLanguage(tx, userId, body.language);
        return toSessionUser((await users.findById(tx, userId))!);
      });
      // A session carries the contact email (a purchase falls back to it): every process forgets what it kept (issue 32).
      await hub.userChanged(userId);
      return updated;
    },

    list: async () => (await users.list(tx)).map(toMarketplaceUser),

    /** Every player's email, PS5 and Roblox names: what an admin's one search finds them by. */
    contacts: async (): Promise<PlayerContact[]> =>
      (await users.contacts(tx)).map((row) => ({
        username: row.username,
        contactEmail: row.contact_email,
        ps5Username: row.ps5_username,
        robloxUsername: row.roblox_username,
      })),
  };
}

/** The super admin makes a player an admin or takes it away. */
function roleUseCases(deps: UsersServiceDeps) {
  const { tx, users, authService, hub } = deps;
  const changeable = (tx: Tx, username: string) => changeableUser(deps, tx, username);
  return {
    async setAdmin(username: string, isAdmin: boolean, superAdmin: AuthUser) {
      const row = await tx.run(async (tx) => {
        const target = await changeable(tx, username);
        await users.setAdmin(tx, target.id, isAdmin);
        const was = target.is_admin === 1 ? 'admin' : 'player';
        const now = isAdmin ? 'admin' : 'player';
        if (was !== now)
          await recordTransition(tx, {
            subject: 'user',
            subjectId: target.id,
            from: was,
            to: now,
            actor: superAdmin,
            note: isAdmin ? `${target.username} was made an admin` : `${target.username} is no longer an admin; their sessions ended`,
          });
        return target;
      });
      // A demotion ends the user's sessions at once, so the lost rights apply immediately.
      if (!isAdmin && row.is_admin) await authService.endUserSessions(row.id, 'admin-removed');
      // A promotion counts at once on every process's open sockets.
      await hub.userChanged(row.id);
      return toMarketplaceUser((await users.findById(tx, row.id))!);
    },
  };
}

/** A user's page for the super admin. */
function detailUseCases(deps: UsersServiceDeps) {
  const { tx, users } = deps;
  const find = (tx: Tx, username: string) => findUser(deps, tx, username);
  return {
    /** A user's page for the super admin: role, sign-ins, their newest requests and sales (credit: the credit call). */
    async detail(username: string): Promise<UserDetail> {
      const row = await find(tx, username);
      const found = await users.detailOf(tx, row.id, USER_DETAIL_LIMIT);
      // A sale's payout is valued from the catalogue in the database (issue 49).
      const sellPriceOf = await sellPriceLookup(tx);
      const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(Number(ms)).toISOString());
      const schedule = (date: string | null, time: string | null) =>
        date ? (date === IMMEDIATELY || !time ? date : `${date} ${time}`) : null;
      return {
        user: toMarketplaceUser(row),
        lastSignInAt: iso(row.last_sign_in_at),
        activeSessions: found.sessions,
        lastSeenAt: iso(found.lastSeenAt),
        purchaseRequests: found.purchases.map((request) => ({
          id: request.id,
          status: request.status,
          totalPrice: fromCents(request.totalCents),
          totalItems: Number(request.total_items),
          summary: request.lines.map((line) => `${line.quantity} × ${line.name}`).join(', '),
          createdAt: request.created_at,
          schedule: schedule(request.is_immediate_schedule ? IMMEDIATELY : request.scheduled_date, request.scheduled_time),
        })),
        purchaseRequestCount: found.purchaseCount,
        sales: found.sales.map((sale) => {
          const payout =
            sale.pickup_id === null
              ? null
              : payoutCents(
                  { ps5Name: sale.ps5_name, quantity: sale.quantity, paymentMethod: sale.payment_method ?? 'usd' } as ItemSubmission,
                  sale.agreed_price_cents,
                  sellPriceOf,
                );
          return {
            id: sale.id,
            itemName: sale.ps5_name,
            category: sale.roblox_name,
            quantity: sale.quantity,
            paymentMethod: sale.payment_method,
            status: sale.status,
            createdAt: sale.created_at,
            pickup:
              sale.pickup_id === null
                ? null
                : {
                    id: sale.pickup_id,
                    stage: Number(sale.paid) === 1 ? 'paid' : Number(sale.completed) === 1 ? 'collected' : 'scheduled',
                    schedule: schedule(sale.is_immediate ? IMMEDIATELY : sale.scheduled_date, sale.scheduled_time) ?? '',
                    payout: payout === null ? null : fromCents(payout),
                    paidAt: sale.paid_at,
                  },
          };
        }),
        saleCount: found.saleCount,
      };
    },
  };
}

/** An account's deletion: what it would end, and the deletion itself. */
function deletionUseCases(deps: UsersServiceDeps) {
  const { tx, users, authService, endPromisesOf } = deps;
  const changeable = (tx: Tx, username: string) => changeableUser(deps, tx, username);
  return {
    /** What the delete confirmation shows: the credit the account holds and the deals still open. */
    async deletionPreview(username: string): Promise<DeletionPreview> {
      const target = await changeable(tx, username);
      const open = await users.openDealsOf(tx, target.id);
      return {
        username: target.username,
        balance: fromCents(open.balanceCents),
        openPurchaseRequests: open.purchases,
        openSubmissions: open.submissions,
        openPromises: open.promises,
      };
    },

    /**
     * Deletes an account as a tombstone (issue 29.1): its sessions end, its open promises end (noted in their
     * histories), its ledger stays under the same id, and the name becomes free for a new account with a new id.
     */
    async remove(username: string, superAdmin: AuthUser) {
      let ended: Promise<void> = Promise.resolve();
      const removed = await tx.run(async (tx) => {
        const target = await changeable(tx, username);
        await endPromisesOf(tx, target.id, superAdmin);
        ended = (await authService.endUserSessions(target.id, 'account-deleted', tx)).told;
        // Nothing that signs in or reaches the account outlives it: the tombstone keeps the row, so no cascade runs.
        await users.endCredentials(tx, target.id);
        await users.tombstone(tx, target, nowIso());
        await recordTransition(tx, {
          subject: 'user',
          subjectId: target.id,
          from: target.is_admin === 1 ? 'admin' : 'player',
          to: 'deleted',
          actor: superAdmin,
          note: `The account ${target.username} was deleted`,
        });
        return target;
      });
      // Answered once every process has ended the sessions (told at the commit): none serves the account after this.
      await ended;
      return removed;
    },
  };
}

/** The super admin's statistics. */
function statsUseCases({ tx, users, promiseStats }: UsersServiceDeps) {
  return {
    async stats(): Promise<SystemStats> {
      const { byStatus } = users;
      const purchases = await byStatus(tx, 'purchase_requests');
      const submissions = await byStatus(tx, 'item_submissions');
      const sum = (values: Record<string, number | undefined>) => Object.values(values).reduce<number>((a, b) => a + (b ?? 0), 0);
      return {
        totalUsers: await users.countUsers(tx),
        admins: await users.countAdmins(tx),
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

/** Contact details, and the super admin's user management and statistics: one object of the use cases above. */
export function createUsersService(deps: UsersServiceDeps) {
  return {
    ...contactUseCases(deps),
    ...roleUseCases(deps),
    ...detailUseCases(deps),
    ...deletionUseCases(deps),
    ...statsUseCases(deps),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
