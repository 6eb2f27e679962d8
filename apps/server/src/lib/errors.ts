/** An error whose message is safe to show to the caller, with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const tokenError = (message = 'Your session has ended. Please sign in again.') =>
  new ApiError(401, message, { tokenerror: 1 });
export const notFound = (what: string) => new ApiError(404, `No such ${what}.`);
export const forbidden = (message: string) => new ApiError(403, message);
export const badRequest = (message: string) => new ApiError(400, message);
