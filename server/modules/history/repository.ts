import type { Tx } from '../../db/scope';
import { toStoredAuditKind } from '../../db/record-kinds';
import { toAuditRow, type AuditRow, type AuditSubject } from './audit-repository';

const ofSubject = async (tx: Tx, type: AuditSubject, id: number): Promise<AuditRow[]> =>
  (
    await tx
      .kysely()
      .selectFrom('audit_history')
      .selectAll()
      .where('subject_type', '=', toStoredAuditKind(type))
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute()
  ).map(toAuditRow);
/** Reads the audit history (written by modules/history/audit.ts inside each change's transaction). */
export const historyRepository = {
  /** The rows of several subjects, merged oldest first. */
  async rowsOf(tx: Tx, subjects: Array<[AuditSubject, number]>): Promise<AuditRow[]> {
    const rows = (await Promise.all(subjects.map(([type, id]) => ofSubject(tx, type, id)))).flat();
    return rows.sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  },
  /** The subject whose transition names a stored photo (a handover's proof), or undefined. */
  subjectOfFile: async (tx: Tx, file: string) => {
    const row = await tx
      .kysely()
      .selectFrom('audit_history')
      .select(['subject_type', 'subject_id'])
      .where((eb) => eb.or([eb('photo_file', '=', file), eb('thumbnail_file', '=', file)]))
      .limit(1)
      .executeTakeFirst();
    return row ? toAuditRow(row) : undefined;
  },
};

/** The repository (historyRepository): one module-level object of small named queries, kept behind the factory callers use. */
export function createHistoryRepository() {
  return historyRepository;
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
