import { AppError } from './errors';

/** Another account's row answers exactly like a row that does not exist. */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', { message: `${what} not found` });
}
