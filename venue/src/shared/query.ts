import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@plataforma/adapter/envelope';

/** Tries of a failed read beyond the first. */
export const QUERY_RETRIES = 2;

/**
 * The one retry rule of the app: a read is tried again (twice) only when the server could not
 * answer (5xx, 503 unavailable) or the network failed (status 0). A 4xx answer is final: the
 * screen shows it at once (not found, not allowed, signed out).
 */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  const status = error instanceof ApiError ? error.status : 0;
  return (status === 0 || status >= 500) && failureCount < QUERY_RETRIES;
};

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: shouldRetry } } });
