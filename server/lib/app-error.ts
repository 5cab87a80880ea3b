export interface Issue {
  path: string;
  message: string;
}

/** An error whose message a person can act on; the error handler answers it as `{ message, issues? }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
    /** More fields of the answer's JSON body, beside `message` (e.g. the record's present state on a 409). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new AppError(400, message, issues);
export const unauthorised = (message = 'Please log in to continue') => new AppError(401, message);
/** 401 for a call that needs a session; `reason` says why the cookie it came with no longer signs anyone in. */
export const loginRequired = (reason?: string) =>
  new AppError(401, 'Please log in to continue', undefined, undefined, reason ? { reason } : undefined);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, issues?: Issue[]) => new AppError(409, message, issues);

/** The record's present state, answered with a refused transition so a queued action can tell who moved it and when. */
export interface CurrentState {
  status: string;
  actorName: string | null;
  at: string | null;
}

export const transitionConflict = (message: string, current: CurrentState) => new AppError(409, message, undefined, undefined, { current });
