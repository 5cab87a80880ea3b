/** The date an immediate drop or pickup is stored and shown with. */
export const IMMEDIATELY = 'Immediately';

/** A drop or pickup as stored: a date and time written by the admin, or 'Immediately'. */
export interface DropSchedule {
  scheduledDate: string;
  scheduledTime: string;
  isImmediate: boolean;
}

/** The stored form of a drop or pickup that happens right away. */
export const IMMEDIATE_SCHEDULE: DropSchedule = { scheduledDate: IMMEDIATELY, scheduledTime: '', isImmediate: true };

/**
 * Whether a schedule as sent means "right away": its flag when the client sent one (either name the API has taken),
 * otherwise the date written as 'Immediately'.
 */
export function isImmediateSchedule(body: {
  scheduledDate?: string | null;
  isImmediate?: boolean;
  isImmediateSchedule?: boolean;
}): boolean {
  return body.isImmediateSchedule ?? body.isImmediate ?? body.scheduledDate === IMMEDIATELY;
}
