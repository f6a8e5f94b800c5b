import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiError, Reply } from '../../../core/api/reply';

/** An error reply from the host, carried through the query library as an Error. */
export class HostError extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'HostError';
  }
}

export function unwrap<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new HostError(reply.error);
  return reply.value;
}

/**
 * Reads from the host with caching and refresh handled by TanStack Query. The key names what is
 * read (e.g. ['app.info']) so later changes can invalidate it.
 */
export function useHostQuery<T>(
  key: readonly unknown[],
  call: () => Promise<Reply<T>>,
  options: { enabled?: boolean } = {},
): UseQueryResult<T, HostError> {
  return useQuery<T, HostError>({ queryKey: key, queryFn: async () => unwrap(await call()), ...options });
}
