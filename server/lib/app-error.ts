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
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new AppError(400, message, issues);
export const unauthorised = (message = 'Please log in to continue') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, issues?: Issue[]) => new AppError(409, message, issues);
