import type { StoreArea } from '../../../core/api/channel';
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

/** Sent by the worker host unprompted: another tab changed the store. */
export interface HostEvent {
  event: 'store-changed';
  areas: StoreArea[];
}

export function isHostEvent(data: unknown): data is HostEvent {
  return typeof data === 'object' && data !== null && (data as { event?: unknown }).event === 'store-changed';
}

export function isHostRequest(data: unknown): data is HostRequest {
  if (typeof data !== 'object' || data === null) return false;
  const { id, channel } = data as Record<string, unknown>;
  return typeof id === 'number' && Number.isInteger(id) && typeof channel === 'string';
}
