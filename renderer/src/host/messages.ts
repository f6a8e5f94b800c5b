import type { Reply } from '../../../core/api/reply';

/** What crosses postMessage between the page and the worker host. */
export interface HostRequest {
  id: number;
  channel: string;
  payload: unknown;
}

export interface HostResponse {
  id: number;
  reply: Reply<unknown>;
}

export function isHostRequest(data: unknown): data is HostRequest {
  if (typeof data !== 'object' || data === null) return false;
  const { id, channel } = data as Record<string, unknown>;
  return typeof id === 'number' && Number.isInteger(id) && typeof channel === 'string';
}
