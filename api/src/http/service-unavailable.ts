import { shell as texts } from '@shop/shared/i18n/shell';
import { isDatabaseUnavailable } from '../db/unavailable';
import { metrics } from '../ops/metrics';
import { ApiError } from './api-error';

/** What a client waits before it sends a request again that failed because the database was away. */
export const DATABASE_RETRY_AFTER_SECONDS = 3;

/**
 * A failure because the database is away (or overloaded) as the answer the client may retry: 503,
 * `retry-after`, the German text; null for any other failure.
 */
export function serviceUnavailable(error: unknown): ApiError | null {
  if (!isDatabaseUnavailable(error)) return null;
  metrics.databaseErrors.inc({ kind: 'unavailable' });
  return unavailable('The database is not available right now');
}

/** A part the shop needs is away for a moment (`message` says which, for callers): 503, `retry-after`, the German text; the client retries. */
export function unavailable(message: string): ApiError {
  return new ApiError(503, 'unavailable', message, texts.serviceUnavailable, {}, undefined, DATABASE_RETRY_AFTER_SECONDS);
}
