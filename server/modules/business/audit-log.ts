import { isRecordId } from '../../../src/domain/schemas/common';
import { AUDIT_SUBJECT_WORDS, stepTitle } from '../../../src/domain/history-wording';
import type { AuditKind } from '../../db/record-kinds';
import { badRequest } from '../../lib/app-error';
import { dayRange } from './days';
import type { BusinessDeps } from './deps';
import type { BusinessRepository } from './repository';

/** The audit log's subject filter (GET /api/admin/audit?subjectType=…): the records and accounts. */
const AUDIT_FILTERS: readonly AuditKind[] = ['purchase-request', 'submission', 'pickup', 'user', 'catalogue-item'];

/** GET /api/admin/audit's query. */
export interface AuditQuery {
  subjectType?: string;
  actor?: string;
  to?: string;
  from?: string;
  until?: string;
  before?: string;
}

type AuditRow = Awaited<ReturnType<BusinessRepository['audit']>>[number];

/** The audit log, newest first, 100 rows a page (`before`: the last id of the page before). */
export async function auditLog({ tx, business, storeTimeZone }: BusinessDeps, query: AuditQuery) {
  const { from, until } =
    query.from || query.until ? dayRange(storeTimeZone, query.from, query.until) : { from: undefined, until: undefined };
  const beforeId = query.before ? Number(query.before) : undefined;
  // Within the id column's range: PostgreSQL answered 500 for 2^31 and above (issue 45.8).
  if (beforeId !== undefined && !isRecordId(beforeId))
    throw badRequest('before must be an entry id (a whole number from 1 to 2,147,483,647)');
  const subjectType = AUDIT_FILTERS.find((kind) => kind === query.subjectType);
  const rows = await business.audit(tx, {
    subjectType,
    actor: query.actor || undefined,
    to: query.to || undefined,
    from,
    until,
    beforeId,
    limit: 100,
  });
  // A catalogue item's rows name the item (issue 49): 'Catalogue item AK-47', 'Price: $18.00 → Price: $20.00'.
  const itemNames = await business.catalogueNames(
    tx,
    rows.filter((row) => row.subject_type === 'catalogue-item').map((row) => Number(row.subject_id)),
  );
  return rows.map((row) => auditEntry(row, itemNames));
}

function auditEntry(row: AuditRow, itemNames: Map<number, string>) {
  return {
    id: Number(row.id),
    // Record kinds as the domain spells them ('sell-request'), never a table's name (issue 47.8).
    subjectType: row.subject_type,
    subject:
      row.subject_type === 'catalogue-item'
        ? `${AUDIT_SUBJECT_WORDS[row.subject_type]} ${itemNames.get(Number(row.subject_id)) ?? `#${Number(row.subject_id)}`}`
        : `${AUDIT_SUBJECT_WORDS[row.subject_type] ?? row.subject_type} #${Number(row.subject_id)}`,
    subjectId: Number(row.subject_id),
    from: row.from_status,
    to: row.to_status,
    title:
      row.subject_type === 'catalogue-item'
        ? row.from_status
          ? `${row.from_status} → ${row.to_status}`
          : row.to_status
        : stepTitle([{ from: row.from_status, to: row.to_status, note: row.note }], 0),
    actorName: row.actor_name,
    at: row.at,
    note: row.note,
  };
}
