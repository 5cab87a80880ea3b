import type { Db } from '../../db/connection';
import type { AuditRow, AuditSubject } from '../../lib/audit';

/** Reads the audit history (written by server/lib/audit.ts inside each change's transaction). */
export function createHistoryRepository(db: Db) {
  const ofSubject = db.prepare<[string, number], AuditRow>('SELECT * FROM audit_history WHERE subject_type = ? AND subject_id = ? ORDER BY id');
  const byFile = db.prepare<[string, string], Pick<AuditRow, 'subject_type' | 'subject_id'>>(
    'SELECT subject_type, subject_id FROM audit_history WHERE photo_file = ? OR thumbnail_file = ? LIMIT 1',
  );
  return {
    /** The rows of several subjects, merged oldest first. */
    rowsOf(subjects: Array<[AuditSubject, number]>): AuditRow[] {
      return subjects.flatMap(([type, id]) => ofSubject.all(type, id)).sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
    },
    /** The subject whose transition names a stored photo (a handover's proof), or undefined. */
    subjectOfFile: (file: string) => byFile.get(file, file),
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
