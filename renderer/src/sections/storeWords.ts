import type { StoreStatus } from '../../../core/api/contract';

/**
 * What About says above the store's details when the store cannot write (issue 36: on a full disk
 * About stayed "ready" while every save was refused): null while rosters can be saved.
 */
export function cannotSaveWords(store: StoreStatus): string | null {
  return store.state === 'full' ? `Your rosters cannot be saved right now: ${store.message}` : null;
}
