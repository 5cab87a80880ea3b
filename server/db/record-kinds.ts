import type { PromiseKind, RecordKind } from '../../src/domain/record-kind';

// The record kinds as the tables store them. Stored data keeps its spelling (rows written before this file exist on
// every installation), so the repositories map here and nothing above them sees these names.

/** `subject_type` of promises, proposals, disputes and credit_ledger. */
export type StoredPromiseKind = 'purchase_request' | 'pickup';

export const toStoredPromiseKind = (kind: PromiseKind): StoredPromiseKind => (kind === 'purchase-request' ? 'purchase_request' : 'pickup');
export const fromStoredPromiseKind = (stored: string): PromiseKind => (stored === 'purchase_request' ? 'purchase-request' : 'pickup');

/** What an audit row is about: a record, a sell request, or an account itself (the super admin's credit adjustment). */
export type AuditKind = RecordKind | 'sell-request' | 'user' | 'catalogue-item';

/** `subject_type` of audit_history. */
export type StoredAuditKind = 'purchase_request' | 'item_submission' | 'user_sell_request' | 'scheduled_pickup' | 'user' | 'catalogue_item';

const AUDIT_STORED: Record<AuditKind, StoredAuditKind> = {
  'purchase-request': 'purchase_request',
  submission: 'item_submission',
  'sell-request': 'user_sell_request',
  pickup: 'scheduled_pickup',
  user: 'user',
  'catalogue-item': 'catalogue_item',
};
const AUDIT_KIND = Object.fromEntries(Object.entries(AUDIT_STORED).map(([kind, stored]) => [stored, kind])) as Record<
  StoredAuditKind,
  AuditKind
>;

export const toStoredAuditKind = (kind: AuditKind): StoredAuditKind => AUDIT_STORED[kind];
export const fromStoredAuditKind = (stored: string): AuditKind => AUDIT_KIND[stored as StoredAuditKind];
