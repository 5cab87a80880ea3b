import type { PurchaseItem, PurchaseRequest } from '../../../src/domain/schemas/purchases';
import type { PurchaseStatus } from '../../../src/domain/state-machines';
import type { Db } from '../../db/connection';

interface PurchaseRow {
  id: number;
  requester_id: number | null;
  requester_name: string;
  items: string;
  total_price: number;
  total_items: number;
  contact_email: string | null;
  status: PurchaseStatus;
  created_at: string;
  requested_at: string | null;
  approved_at: string | null;
  rejected_at: string | null;
  completed_at: string | null;
  rejection_reason: string | null;
  scheduled_date: string | null;
  scheduled_time: string | null;
  is_immediate_schedule: number;
}

export interface StoredPurchase {
  request: PurchaseRequest;
  requesterId: number | null;
}

const toStored = (row: PurchaseRow): StoredPurchase => ({
  requesterId: row.requester_id,
  request: {
    id: row.id,
    requesterName: row.requester_name,
    items: JSON.parse(row.items) as PurchaseItem[],
    totalPrice: row.total_price,
    totalItems: row.total_items,
    contactEmail: row.contact_email,
    status: row.status,
    createdAt: row.created_at,
    requestedAt: row.requested_at,
    approvedAt: row.approved_at,
    rejectedAt: row.rejected_at,
    completedAt: row.completed_at,
    rejectionReason: row.rejection_reason,
    scheduledDate: row.scheduled_date,
    scheduledTime: row.scheduled_time,
    isImmediateSchedule: row.is_immediate_schedule === 1,
  },
});

export interface NewPurchase {
  requesterId: number;
  requesterName: string;
  items: PurchaseItem[];
  totalPrice: number;
  totalItems: number;
  contactEmail: string | null;
  createdAt: string;
  requestedAt: string | null;
}

export interface PurchaseChange {
  status: PurchaseStatus;
  approvedAt?: string;
  rejectedAt?: string;
  completedAt?: string;
  rejectionReason?: string | null;
  scheduledDate?: string | null;
  scheduledTime?: string | null;
  isImmediateSchedule?: boolean;
}

/** The purchase_requests table. */
export function createPurchasesRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO purchase_requests (requester_id, requester_name, items, total_price, total_items, contact_email, status, created_at, requested_at)
     VALUES (@requesterId, @requesterName, @items, @totalPrice, @totalItems, @contactEmail, 'pending', @createdAt, @requestedAt)`,
  );
  const byId = db.prepare<[number], PurchaseRow>('SELECT * FROM purchase_requests WHERE id = ?');
  const all = db.prepare<[], PurchaseRow>('SELECT * FROM purchase_requests ORDER BY created_at DESC, id DESC');
  const byRequester = db.prepare<[number], PurchaseRow>('SELECT * FROM purchase_requests WHERE requester_id = ? ORDER BY created_at DESC, id DESC');
  const update = db.prepare(
    `UPDATE purchase_requests SET status = @status,
       approved_at = COALESCE(@approvedAt, approved_at), rejected_at = COALESCE(@rejectedAt, rejected_at),
       completed_at = COALESCE(@completedAt, completed_at),
       rejection_reason = CASE WHEN @setReason THEN @rejectionReason ELSE rejection_reason END,
       scheduled_date = CASE WHEN @setSchedule THEN @scheduledDate ELSE scheduled_date END,
       scheduled_time = CASE WHEN @setSchedule THEN @scheduledTime ELSE scheduled_time END,
       is_immediate_schedule = CASE WHEN @setSchedule THEN @isImmediate ELSE is_immediate_schedule END
     WHERE id = @id`,
  );
  return {
    insert: (purchase: NewPurchase) => Number(insert.run({ ...purchase, items: JSON.stringify(purchase.items) }).lastInsertRowid),
    find: (id: number) => {
      const row = byId.get(id);
      return row ? toStored(row) : undefined;
    },
    list: () => all.all().map((row) => toStored(row).request),
    listByRequester: (requesterId: number) => byRequester.all(requesterId).map((row) => toStored(row).request),
    update: (id: number, change: PurchaseChange) =>
      update.run({
        id,
        status: change.status,
        approvedAt: change.approvedAt ?? null,
        rejectedAt: change.rejectedAt ?? null,
        completedAt: change.completedAt ?? null,
        setReason: change.rejectionReason !== undefined ? 1 : 0,
        rejectionReason: change.rejectionReason ?? null,
        setSchedule: change.isImmediateSchedule !== undefined || change.scheduledDate !== undefined ? 1 : 0,
        scheduledDate: change.scheduledDate ?? null,
        scheduledTime: change.scheduledTime ?? null,
        isImmediate: change.isImmediateSchedule ? 1 : 0,
      }),
  };
}
export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>;
