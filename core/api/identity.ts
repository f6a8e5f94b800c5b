import type { StoreStatus } from './contract';

export const APP_NAME = 'Combat Companion';

/** What a host reports while it has no roster store to open. */
export const noStore: StoreStatus = {
  state: 'unavailable',
  message: 'No roster store is open in this host.',
};
