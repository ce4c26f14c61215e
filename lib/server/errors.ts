/** Domain errors that services throw; the envelope turns each into its resultCode (docs/api.md#result-codes). */
import { RESULT } from '../api/protocol';

export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Sent as Retry-After (seconds) with the answer: when a refusal ends (a limit's window). */
    readonly options: { retryAfterS?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(RESULT.BAD_REQUEST, message);
export const forbidden = (message = '没有权限') => new AppError(RESULT.FORBIDDEN, message);
export const notFound = (message = '内容不存在') => new AppError(RESULT.NOT_FOUND, message);
export const conflict = (message: string) => new AppError(RESULT.CONFLICT, message);
export const notLoggedIn = (message = '请先登录') => new AppError(RESULT.NOT_LOGGED_IN, message);
export const tooMany = (message = '操作太频繁，请稍后再试') => new AppError(RESULT.TOO_MANY, message);

/** What a service answers, or null when it says 404 (not there, or not this user's); other errors go on. */
export async function orNullIfNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError && err.code === RESULT.NOT_FOUND) return null;
    throw err;
  }
}
